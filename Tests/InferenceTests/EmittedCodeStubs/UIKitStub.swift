// Stand-ins for the UIKit, Core Graphics and Core Animation declarations that the Swift code of
// `strokescope infer --emit swift` uses, with the signatures of Apple's SDK, so that a test can
// type-check that code on Linux (Tests/InferenceTests/EmittedCodeTests.swift). `import Foundation` provides CGFloat,
// CGPoint and CGRect there, as `import UIKit` does on iOS.
import Foundation

public typealias CFTimeInterval = Double
public final class CGPath {}
public final class CGColor {}

public class UIColor {
    public class var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public var cgColor: CGColor { CGColor() }
}

public class UIBezierPath {
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {}
    public var cgPath: CGPath { CGPath() }
}

public struct CAShapeLayerLineCap: Hashable {
    public init(rawValue: String) {}
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAMediaTimingFunctionName: Hashable {
    public init(rawValue: String) {}
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

public struct CAAnimationCalculationMode: Hashable {
    public init(rawValue: String) {}
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
}

public class CAMediaTimingFunction {
    public init(name: CAMediaTimingFunctionName) {}
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

public class CAAnimation {
    public init() {}
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var timingFunction: CAMediaTimingFunction?
}

public class CAPropertyAnimation: CAAnimation {
    public init(keyPath path: String?) {}
    public var isAdditive = false
    public var isCumulative = false
}

public class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
}

public class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    public var keyTimes: [NSNumber]?
    public var calculationMode: CAAnimationCalculationMode = .linear
}

public class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?
}

public class CALayer {
    public init() {}
    public var frame = CGRect.zero
    public func add(_ anim: CAAnimation, forKey key: String?) {}
}

public class CAShapeLayer: CALayer {
    public var path: CGPath?
    public var fillColor: CGColor?
    public var strokeColor: CGColor?
    public var lineWidth: CGFloat = 1
    public var lineCap: CAShapeLayerLineCap = .butt
}
