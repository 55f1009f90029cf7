import JSON
import Testing
@testable import SourceImport

@Suite("Objective-C: what the code builds becomes the model")
struct ObjectiveCImportTests {
    static let spinner = """
    #define RGBA(r, g, b, a) [UIColor colorWithRed:(r)/255.0 green:(g)/255.0 blue:(b)/255.0 alpha:(a)]
    @interface Spinner : UIView
    @property (nonatomic, getter=isAnimating) BOOL animating;
    @end
    @implementation Spinner
    - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        if (self) [self setUp];
        return self;
    }
    - (void)setUp {
        CAShapeLayer *ring = [CAShapeLayer layer];
        ring.frame = self.bounds;
        ring.path = [UIBezierPath bezierPathWithArcCenter:CGPointMake(20, 20) radius:18 startAngle:-M_PI_2 endAngle:M_PI * 3 / 2 clockwise:YES].CGPath;
        ring.lineWidth = 2.f;
        ring.strokeColor = RGBA(5, 154, 227, 1).CGColor;
        ring.lineCap = kCALineJoinRound;
        [self.layer addSublayer:ring];
        self.ring = ring;
    }
    - (void)setAnimating:(BOOL)animating {
        _animating = animating;
        if (!animating) return;
        CAKeyframeAnimation *grow = [CAKeyframeAnimation animationWithKeyPath:@"strokeEnd"];
        grow.values = @[@0, @(0.8), @1];
        grow.keyTimes = @[@0, @.5, @1];
        grow.duration = 1.5;
        grow.repeatCount = HUGE_VALF;
        grow.timingFunction = [CAMediaTimingFunction functionWithControlPoints:0.4 :0.0 :0.2 :1.0];
        [[self.ring retain] addAnimation:grow forKey:@"grow"];
        CABasicAnimation *spin = [[CABasicAnimation animationWithKeyPath:@"transform.rotation.z"] retain];
        spin.toValue = @(M_PI * 2);
        spin.duration = 1.f;
        spin.repeatCount = INFINITY;
        [self.ring addAnimation:spin forKey:@"spin"];
    }
    @end
    @implementation DemoViewController
    - (void)viewDidLoad {
        [super viewDidLoad];
        Spinner *s = [[Spinner alloc] initWithFrame:CGRectMake(100, 100, 40, 40)];
        [self.view addSubview:s];
        s.animating = YES;
    }
    @end
    """

    @Test("layer geometry, colour macro, cap constant, keyframes with control points, dot-syntax setter")
    func spinner() throws {
        let m = try importSnippet(Self.spinner, as: "Spinner.m")
        let ring = try #require(m.layer(0))
        #expect(ring["frame"] == [100, 100, 40, 40])
        #expect(ring["path"]?["arc"]?["radius"] == 18)
        #expect(ring["lineWidth"] == 2)
        #expect(ring["strokeColor"] == "#059AE3")
        #expect(ring["lineCap"] == "round")
        let grow = try #require(m.animation(0, 0))
        #expect(grow["type"] == "keyframe")
        #expect(grow["values"] == [0, 0.8, 1])
        #expect(grow["keyTimes"] == [0, 0.5, 1])
        #expect(grow["repeatCount"] == "INFINITY")
        #expect(grow["timingFunction"] == [0.4, 0, 0.2, 1])
        #expect(grow["key"] == "grow")
        let spin = try #require(m.animation(0, 1))
        #expect(spin["keyPath"] == "transform.rotation.z")
        #expect(spin["toValue"]?.doubleValue == Double.pi * 2)
    }

    @Test("a property set outside the code is a variable with a fit range, and a note says so")
    func propertySetElsewhere() throws {
        let code = """
        @interface Ring : UIView
        @property (nonatomic) CGFloat animationDuration;
        @end
        @implementation Ring
        - (void)start {
            CAShapeLayer *l = [CAShapeLayer layer];
            l.path = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(0, 0, 40, 40)].CGPath;
            [self.layer addSublayer:l];
            CABasicAnimation *a = [CABasicAnimation animationWithKeyPath:@"strokeEnd"];
            a.duration = self.animationDuration / 2;
            [l addAnimation:a forKey:nil];
        }
        @end
        """
        let m = try importSnippet(code, as: "Ring.m")
        #expect(m.json["variables"]?["animationDuration"]?["fit"] == [0.05, 10])
        #expect(m.animation(0, 0)?["duration"] == "animationDuration/2")
        #expect(m.layer(0)?["path"]?["oval"] == [0, 0, 40, 40])
        #expect(m.assumptions.contains { $0.contains("animationDuration") })
    }

    @Test("a delegate's animationDidStop: runs when the animation ends; opacity is a warning with its line")
    func delegateAndUnsupported() throws {
        let code = """
        @interface Tick : UIView
        @end
        @implementation Tick
        - (void)show {
            CAShapeLayer *l = [CAShapeLayer layer];
            UIBezierPath *p = [UIBezierPath bezierPath];
            [p moveToPoint:CGPointMake(0, 10)];
            [p addLineToPoint:CGPointMake(10, 20)];
            [p addLineToPoint:CGPointMake(30, 0)];
            l.path = p.CGPath;
            [self.layer addSublayer:l];
            self.tick = l;
            CABasicAnimation *a = [CABasicAnimation animationWithKeyPath:@"strokeEnd"];
            a.duration = 0.4;
            a.delegate = self;
            [l addAnimation:a forKey:@"draw"];
        }
        - (void)animationDidStop:(CAAnimation *)anim finished:(BOOL)flag {
            CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@"opacity"];
            [self.tick addAnimation:fade forKey:nil];
            self.tick.strokeStart = 0.5;
        }
        @end
        """
        let m = try importSnippet(code, as: "Tick.m")
        #expect(m.layer(0)?["path"]?["elements"]?[2]?["line"] == [30, 0])
        #expect(m.json["events"]?[0]?["at"] == 0.4)
        #expect(m.json["events"]?[0]?["set"]?["strokeStart"] == 0.5)
        #expect(m.unsupported.contains { $0.line == 20 && $0.code == "opacity" })
        #expect(m.json["comment"]?.stringValue?.contains("opacity") == true)
    }
}


@Suite("Implicit animations and timers")
struct ImplicitAnimationTests {
    static let ring = """
#import <UIKit/UIKit.h>
#define kRingColor [UIColor colorWithRed:0.2 green:0.6 blue:1.0 alpha:1.0]
static NSString * const kSpinKey = @"spin";

@interface PayRing : UIView
@property (nonatomic, strong) CAShapeLayer *ring;
@property (nonatomic, strong) NSTimer *timer;
@property (nonatomic) NSInteger ticks;
@end

@implementation PayRing

- (void)didMoveToWindow {
    [super didMoveToWindow];
    if (self.ring) return;
    self.ring = [CAShapeLayer new];
    self.ring.frame = self.bounds;
    self.ring.path = [UIBezierPath bezierPathWithOvalInRect:CGRectInset(self.bounds, 2, 2)].CGPath;
    self.ring.strokeColor = kRingColor.CGColor;
    self.ring.lineWidth = 4.0f;
    self.ring.strokeEnd = 0.f;
    [self.layer addSublayer:self.ring];
    self.timer = [NSTimer scheduledTimerWithTimeInterval:0.5 target:self selector:@selector(step:) userInfo:nil repeats:YES];
}

- (void)step:(NSTimer *)timer {
    self.ticks += 1;
    [CATransaction begin];
    [CATransaction setAnimationDuration:0.2];
    self.ring.strokeEnd = self.ticks / 4.0;
    [CATransaction commit];
    if (self.ticks >= 4) {
        [self.timer invalidate];
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.3 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
            CABasicAnimation *spin = [CABasicAnimation animationWithKeyPath:@"transform.rotation"];
            spin.byValue = @(M_PI * 2);
            spin.duration = 1;
            spin.repeatCount = HUGE_VALF;
            [self.ring addAnimation:spin forKey:kSpinKey];
        });
    }
}
@end

@implementation PayViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    PayRing *r = [[PayRing alloc] initWithFrame:CGRectMake(0, 0, 80, 80)];
    r.center = self.view.center;
    [self.view addSubview:r];
}
@end
"""

    @Test("a timer's firings change strokeEnd; each change animates implicitly over the transaction's duration; a delayed block adds the spin")
    func implicit() throws {
        let m = try importSnippet(Self.ring, as: "PayRing.m")
        let ring = try #require(m.layer(0))
        #expect(ring["strokeColor"] == "#3399FF")
        #expect(ring["path"]?["oval"] == [2, 2, 76, 76])
        let first = try #require(m.animation(0, 0))
        #expect(first["key"] == "strokeEnd")
        #expect(first["addedAt"] == 0.5)
        #expect(first["duration"] == 0.2)
        #expect(first["fromValue"] == 0)
        #expect(first["toValue"] == 0.25)
        #expect(first["timingFunction"] == "default")
        #expect(m.animation(0, 4)?["addedAt"]?.doubleValue.map { abs($0 - 2.3) < 1e-9 } == true)
        #expect(m.animation(0, 4)?["key"] == "spin")
        #expect(m.json["events"]?.arrayValue?.count == 4)
    }

    @Test("setDisableActions: a change without animation")
    func disabled() throws {
        let code = """
        @implementation V
        - (void)startAnimating {
            CAShapeLayer *l = [CAShapeLayer layer];
            l.path = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(0, 0, 9, 9)].CGPath;
            [self.layer addSublayer:l];
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
                [CATransaction begin];
                [CATransaction setDisableActions:YES];
                l.strokeEnd = 0.5;
                [CATransaction commit];
            });
        }
        @end
        """
        let m = try importSnippet("@interface V : UIView\n@end\n" + code, as: "V.m")
        #expect(m.layer(0)?["animations"] == nil)
        #expect(m.json["events"]?[0]?["at"] == 1)
    }
}


@Suite("Objective-C spellings")
struct ObjectiveCSpellingTests {
    static let view = """
@interface LoadingView : UIView
@end

@implementation LoadingView {
    CAShapeLayer *_arc;
}

+ (Class)layerClass { return [CALayer class]; }

- (void)awakeFromNib {
    [super awakeFromNib];
    _arc = [[CAShapeLayer alloc] init];
    _arc.bounds = CGRectMake(0, 0, 40, 40);
    _arc.position = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMidY(self.bounds));
    UIBezierPath *p = [UIBezierPath bezierPath];
    [p addArcWithCenter:CGPointMake(20, 20) radius:18 startAngle:0 endAngle:(CGFloat)(1.5 * M_PI) clockwise:YES];
    _arc.path = p.CGPath;
    _arc.lineWidth = 2.0;
    _arc.strokeColor = [[UIColor orangeColor] CGColor];
    _arc.fillColor = nil;
    [self.layer addSublayer:_arc];
    [self beginAnimating];
}

- (void)beginAnimating {
    CAKeyframeAnimation *k = [CAKeyframeAnimation animation];
    k.keyPath = @"transform.rotation.z";
    k.values = @[@0, @(M_PI), @(2 * M_PI)];
    k.duration = 1.0;
    k.calculationMode = kCAAnimationLinear;
    k.repeatCount = CGFLOAT_MAX;
    [_arc addAnimation:k forKey:nil];
}
@end
"""

    @Test("awakeFromNib, bounds and position, [[UIColor orangeColor] CGColor], a keyframe animation given its keyPath later")
    func spellings() throws {
        let m = try importSnippet(Self.view, as: "LoadingView.m")
        let arc = try #require(m.layer(0))
        #expect(arc["strokeColor"] == "#FF8000")
        #expect(arc["frame"]?[2] == 40)
        let k = try #require(m.animation(0, 0))
        #expect(k["type"] == "keyframe")
        #expect(k["keyPath"] == "transform.rotation.z")
        #expect(k["values"]?.arrayValue?.count == 3)
    }
}
