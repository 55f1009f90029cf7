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

    @Test("a Swift view that builds its ring and starts its spin in layoutSubviews")
    func swiftLayoutSubviews() throws {
        let code = """
        class SpinnerView: UIView {
            private let ring = CAShapeLayer()

            override func layoutSubviews() {
                super.layoutSubviews()
                ring.frame = bounds
                ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).cgPath
                ring.fillColor = UIColor.clear.cgColor
                ring.strokeColor = UIColor.systemBlue.cgColor
                ring.lineWidth = 4
                ring.strokeEnd = 0.75
                if ring.superlayer == nil { layer.addSublayer(ring) }
                let rotation = CABasicAnimation(keyPath: "transform.rotation")
                rotation.fromValue = 0
                rotation.toValue = CGFloat.pi * 2
                rotation.duration = 1.2
                rotation.repeatCount = .infinity
                rotation.timingFunction = CAMediaTimingFunction(controlPoints: 0.4, 0.0, 0.2, 1.0)
                ring.add(rotation, forKey: "spin")
            }
        }
        """
        let m = try importSnippet(code, as: "SpinnerView.swift")
        #expect(m.layers.count == 1)
        let ring = try #require(m.layer(0))
        #expect(ring["name"] == "ring")
        #expect(ring["strokeEnd"] == 0.75)
        #expect(ring["strokeColor"] == "#007AFF")
        #expect(ring["path"]?["oval"] != nil)
        // layoutSubviews may run more than once; the animation under one key is there once.
        #expect(ring["animations"]?.arrayValue?.count == 1)
        let spin = try #require(m.animation(0, 0))
        #expect(spin["keyPath"] == "transform.rotation")
        #expect(spin["repeatCount"] == "INFINITY")
        #expect(spin["timingFunction"] == [0.4, 0, 0.2, 1])
        #expect(spin["key"] == "spin")
    }

    @Test("Swift statements at the top level: a group repeating forever, its child with control points; the layer keeps its name")
    func swiftTopLevelGroup() throws {
        let code = """
        let stroke = CAShapeLayer()
        stroke.path = UIBezierPath(arcCenter: CGPoint(x: 40, y: 40), radius: 30, startAngle: 0, endAngle: .pi * 2, clockwise: true).cgPath
        stroke.lineWidth = 3
        stroke.strokeColor = UIColor.black.cgColor
        stroke.fillColor = nil
        view.layer.addSublayer(stroke)

        let head = CABasicAnimation(keyPath: "strokeEnd")
        head.fromValue = 0
        head.toValue = 1
        head.duration = 1
        head.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

        let tail = CABasicAnimation(keyPath: "strokeStart")
        tail.fromValue = 0
        tail.toValue = 1
        tail.beginTime = 0.5
        tail.duration = 1

        let group = CAAnimationGroup()
        group.animations = [head, tail]
        group.duration = 1.5
        group.repeatCount = .infinity
        stroke.add(group, forKey: nil)
        """
        let m = try importSnippet(code, as: "Snippet.swift")
        let layer = try #require(m.layer(0))
        #expect(layer["name"] == "stroke")
        #expect(layer["path"]?["arc"]?["radius"] == 30)
        let group = try #require(m.animation(0, 0))
        #expect(group["type"] == "group")
        #expect(group["duration"] == 1.5)
        #expect(group["repeatCount"] == "INFINITY")
        #expect(group["animations"]?[0]?["timingFunction"] == [0.25, 0.1, 0.25, 1])
        #expect(group["animations"]?[1]?["beginTime"] == 0.5)
    }

    @Test("an Objective-C group with repeatCount INFINITY and functionWithControlPoints")
    func objectiveCGroup() throws {
        let code = """
        CAShapeLayer *arc = [CAShapeLayer layer];
        arc.path = [UIBezierPath bezierPathWithArcCenter:CGPointMake(25, 25) radius:20 startAngle:0 endAngle:2 * M_PI clockwise:YES].CGPath;
        arc.lineWidth = 2.5;
        arc.strokeColor = [UIColor grayColor].CGColor;
        [self.layer addSublayer:arc];

        CABasicAnimation *end = [CABasicAnimation animationWithKeyPath:@"strokeEnd"];
        end.fromValue = @(0.0);
        end.toValue = @(1.0);
        end.duration = 0.75;

        CABasicAnimation *start = [CABasicAnimation animationWithKeyPath:@"strokeStart"];
        start.beginTime = 0.25;
        start.fromValue = @(0.0);
        start.toValue = @(1.0);
        start.duration = 0.75;

        CAAnimationGroup *group = [CAAnimationGroup animation];
        group.animations = @[end, start];
        group.duration = 1.0;
        group.repeatCount = INFINITY;
        group.timingFunction = [CAMediaTimingFunction functionWithControlPoints:0.4f :0.0f :0.2f :1.0f];
        [arc addAnimation:group forKey:@"stroke"];
        """
        let m = try importSnippet(code, as: "Snippet.m")
        #expect(m.layer(0)?["name"] == "arc")
        #expect(m.layer(0)?["strokeColor"] == "#808080")
        let group = try #require(m.animation(0, 0))
        #expect(group["repeatCount"] == "INFINITY")
        #expect(group["timingFunction"] == [0.4, 0, 0.2, 1])
        #expect(group["animations"]?.arrayValue?.count == 2)
        #expect(group["key"] == "stroke")
    }

    @Test("a payment HUD's method pasted alone, adding its tick to a view the snippet does not make")
    func objectiveCHudMethod() throws {
        let code = """
        - (void)showSuccess {
            CAShapeLayer *tick = [CAShapeLayer layer];
            UIBezierPath *path = [UIBezierPath bezierPath];
            [path moveToPoint:CGPointMake(10, 25)];
            [path addLineToPoint:CGPointMake(20, 35)];
            [path addLineToPoint:CGPointMake(40, 12)];
            tick.path = path.CGPath;
            tick.lineWidth = 3.0;
            tick.strokeColor = [UIColor whiteColor].CGColor;
            tick.fillColor = [UIColor clearColor].CGColor;
            [self.hudView.layer addSublayer:tick];

            CABasicAnimation *draw = [CABasicAnimation animationWithKeyPath:@"strokeEnd"];
            draw.fromValue = @0;
            draw.toValue = @1;
            draw.duration = 0.35;
            draw.timingFunction = [CAMediaTimingFunction functionWithControlPoints:0.65 :0 :0.35 :1];
            draw.fillMode = kCAFillModeForwards;
            draw.removedOnCompletion = NO;
            [tick addAnimation:draw forKey:@"draw"];
        }
        """
        let m = try importSnippet(code, as: "Hud.m")
        let tick = try #require(m.layer(0))
        #expect(tick["name"] == "tick")
        #expect(tick["path"]?["elements"]?.arrayValue?.count == 3)
        #expect(m.animation(0, 0)?["timingFunction"] == [0.65, 0, 0.35, 1])
        #expect(m.animation(0, 0)?["fillMode"] == "forwards")
        // Added to hudView's layer, which the snippet does not make: on screen, and the notes say
        // so rather than that it is never added.
        #expect(m.assumptions.contains { $0.contains("does not make: taken as on screen") })
        #expect(!m.assumptions.contains { $0.contains("never adds to a layer") })
    }
}
