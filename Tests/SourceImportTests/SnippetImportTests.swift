import JSON
import Testing
@testable import SourceImport

/// Code as people paste it into an issue: statements without a class, a method without its
/// `@implementation`, a view controller's `viewDidLoad` alone.
@Suite("Snippets: code pasted without the app around it")
struct SnippetImportTests {
    @Test("Objective-C statements at the top level")
    func objectiveCStatements() throws {
        let code = """
        CAShapeLayer *circle = [CAShapeLayer layer];
        circle.path = [UIBezierPath bezierPathWithArcCenter:CGPointMake(50, 50) radius:40 startAngle:-M_PI_2 endAngle:3 * M_PI_2 clockwise:YES].CGPath;
        circle.lineWidth = 4;
        circle.strokeColor = [UIColor redColor].CGColor;
        [self.view.layer addSublayer:circle];
        CABasicAnimation *draw = [CABasicAnimation animationWithKeyPath:@"strokeEnd"];
        draw.duration = 2.0;
        draw.fromValue = [NSNumber numberWithFloat:0.0f];
        draw.toValue = [NSNumber numberWithFloat:1.0f];
        [circle addAnimation:draw forKey:@"drawCircleAnimation"];
        """
        let m = try importSnippet(code, as: "Snippet.m")
        #expect(m.layer(0)?["strokeColor"] == "#FF0000")
        #expect(m.layer(0)?["path"]?["arc"]?["radius"] == 40)
        #expect(m.animation(0, 0)?["duration"] == 2)
    }

    @Test("an Objective-C method without its class")
    func objectiveCMethod() throws {
        let code = """
        - (void)startSpinning {
            CAShapeLayer *ring = [[CAShapeLayer alloc] init];
            ring.path = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(0, 0, 30, 30)].CGPath;
            [self.layer addSublayer:ring];
            CABasicAnimation *spin = [CABasicAnimation animationWithKeyPath:@"transform.rotation.z"];
            spin.toValue = @(2 * M_PI);
            spin.duration = 0.8;
            spin.repeatCount = HUGE_VALF;
            [ring addAnimation:spin forKey:nil];
        }
        """
        let m = try importSnippet(code, as: "Snippet.m")
        #expect(m.animation(0, 0)?["duration"] == 0.8)
        #expect(m.animation(0, 0)?["repeatCount"] == "INFINITY")
    }

    @Test("a Swift viewDidLoad pasted alone")
    func swiftViewDidLoad() throws {
        let code = """
        let shapeLayer = CAShapeLayer()

        override func viewDidLoad() {
            super.viewDidLoad()
            let circularPath = UIBezierPath(arcCenter: view.center, radius: 100, startAngle: -CGFloat.pi / 2, endAngle: 2 * CGFloat.pi, clockwise: true)
            shapeLayer.path = circularPath.cgPath
            shapeLayer.strokeColor = UIColor.red.cgColor
            shapeLayer.lineWidth = 10
            shapeLayer.lineCap = CAShapeLayerLineCap.round
            shapeLayer.strokeEnd = 0
            view.layer.addSublayer(shapeLayer)
            view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap)))
        }

        @objc private func handleTap() {
            let basicAnimation = CABasicAnimation(keyPath: "strokeEnd")
            basicAnimation.toValue = 1
            basicAnimation.duration = 2
            basicAnimation.fillMode = CAMediaTimingFillMode.forwards
            basicAnimation.isRemovedOnCompletion = false
            shapeLayer.add(basicAnimation, forKey: "urSoBasic")
        }
        """
        let m = try importSnippet(code, as: "Snippet.swift")
        let ring = try #require(m.layer(0))
        #expect(ring["strokeEnd"] == 0)
        #expect(ring["lineCap"] == "round")
        #expect(ring["path"]?["arc"]?["center"] == [187.5, 333.5])
        let a = try #require(m.animation(0, 0))
        #expect(a["fillMode"] == "forwards")
        #expect(a["removedOnCompletion"] == false)
    }
}
