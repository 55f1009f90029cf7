import Foundation
import JSON
import Testing
@testable import SourceImport

@Suite("Swift: what the code builds becomes the model")
struct SwiftImportTests {
    @Test("initialisers with labels, enum shorthand, CGFloat.pi, .infinity, lazy layers, layout-time radius")
    func spinner() throws {
        let code = """
        import UIKit
        final class Spinner: UIView {
            var lineWidth: CGFloat = 4 { didSet { setNeedsLayout() } }
            private lazy var ring: CAShapeLayer = {
                let layer = CAShapeLayer()
                layer.lineCap = .round
                layer.strokeColor = UIColor.systemBlue.cgColor
                return layer
            }()
            override init(frame: CGRect) {
                super.init(frame: frame)
                layer.addSublayer(ring)
            }
            required init?(coder: NSCoder) { fatalError() }
            override func layoutSubviews() {
                super.layoutSubviews()
                ring.frame = bounds
                ring.lineWidth = lineWidth
                let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2
                ring.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius,
                                         startAngle: -CGFloat.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
            }
            func start() {
                let spin = CABasicAnimation(keyPath: "transform.rotation")
                spin.byValue = 2 * Double.pi
                spin.duration = 1.2
                spin.repeatCount = .infinity
                spin.timingFunction = CAMediaTimingFunction(name: .linear)
                ring.add(spin, forKey: "spin")
            }
        }
        class DemoViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                let spinner = Spinner(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
                spinner.lineWidth = 2
                view.addSubview(spinner)
                spinner.start()
            }
        }
        """
        let m = try importSnippet(code, as: "Spinner.swift")
        let ring = try #require(m.layer(0))
        #expect(ring["name"] == "ring")
        #expect(ring["lineWidth"] == 2)
        #expect(ring["path"]?["arc"]?["radius"] == 29)
        #expect(ring["lineCap"] == "round")
        #expect(ring["strokeColor"] == "#007AFF")
        let spin = try #require(m.animation(0, 0))
        #expect(spin["keyPath"] == "transform.rotation")
        #expect(spin["byValue"]?.doubleValue == 2 * Double.pi)
        #expect(spin["repeatCount"] == "INFINITY")
        #expect(spin["timingFunction"] == "linear")
    }

    @Test("code after a delay is added at that moment; an action runs at a variable named after it")
    func delayAndAction() throws {
        let code = """
        class HUD: UIView {
            let tick = CAShapeLayer()
            func showTick() {
                tick.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).cgPath
                layer.addSublayer(tick)
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
                    let draw = CABasicAnimation(keyPath: "strokeEnd")
                    draw.fromValue = 0
                    draw.toValue = 1
                    draw.beginTime = CACurrentMediaTime() + 0.25
                    draw.fillMode = .backwards
                    self.tick.add(draw, forKey: nil)
                }
            }
            @IBAction func paySuccess(_ sender: Any) {
                tick.speed = 0
            }
        }
        class VC: UIViewController {
            let hud = HUD(frame: .zero)
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(hud)
                hud.showTick()
            }
        }
        """
        let m = try importSnippet(code, as: "HUD.swift")
        let draw = try #require(m.animation(0, 0))
        #expect(draw["addedAt"] == 0.3)
        #expect(draw["beginTime"] == "now + 0.25")
        #expect(draw["fillMode"] == "backwards")
        #expect(m.json["variables"]?["paySuccess"]?["fit"]?[0]?.doubleValue == 0.3)
        #expect(m.json["events"]?[0]?["at"] == "paySuccess")
        #expect(m.json["events"]?[0]?["set"]?["speed"] == 0)
    }

    @Test("the model loads as any model file does")
    func loads() throws {
        let code = """
        let layer = CAShapeLayer()
        layer.path = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false).cgPath
        let a = CABasicAnimation(keyPath: "strokeEnd")
        a.duration = 2
        a.autoreverses = true
        a.repeatCount = Float.greatestFiniteMagnitude
        layer.add(a, forKey: nil)
        view.layer.addSublayer(layer)
        """
        let m = try importSnippet(code, as: "Snippet.swift")
        #expect(m.document.layers.count == 1)
        #expect(m.layer(0)?["path"]?["arc"]?["clockwise"] == false)
        #expect(m.animation(0, 0)?["autoreverses"] == true)
    }
}

@Suite("--assume: values the code leaves to run time")
struct AssumptionTests {
    static let demo = """
    class HUD: UIView {
        func show(tick: Bool) {
            let l = CAShapeLayer()
            l.path = tick ? UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
                          : UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).cgPath
            layer.addSublayer(l)
            let a = CABasicAnimation(keyPath: "strokeEnd")
            a.duration = tick ? 0.25 : 1
            l.add(a, forKey: nil)
        }
    }
    class Demo: UITableViewController {
        let hud = HUD(frame: .zero)
        override func viewDidLoad() { super.viewDidLoad(); view.addSubview(hud) }
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            if indexPath.row == 0 { hud.show(tick: true) }
            if indexPath.row == 1 { hud.show(tick: false) }
        }
    }
    """

    @Test("the row of a demo table decides which branch runs")
    func row() throws {
        let one = try SourceImporter.importSources([("Demo.swift", Self.demo)], options: ImportOptions(assumptions: ["indexPath.row": .number(1)]))
        #expect(one.layers.count == 1)
        #expect(one.animation(0, 0)?["duration"] == 1)
        let zero = try SourceImporter.importSources([("Demo.swift", Self.demo)], options: ImportOptions(assumptions: ["indexPath.row": AssumedValue(text: "0")]))
        #expect(zero.animation(0, 0)?["duration"] == 0.25)
    }

    @Test("without it, the note names what the branch depends on")
    func note() throws {
        let m = try SourceImporter.importSources([("Demo.swift", Self.demo)])
        #expect(m.assumptions.contains { $0.contains("indexPath.row") && $0.contains("--assume") })
    }
}

@Suite("--action: the user's actions the recording shows, in order")
struct ActionListTests {
    static let box = """
    class Box: UIView {
        let check = CAShapeLayer()
        var isOn = false
        override init(frame: CGRect) {
            super.init(frame: frame)
            check.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).cgPath
            layer.addSublayer(check)
            addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tap)))
        }
        @objc func tap() {
            isOn = !isOn
            let a = CABasicAnimation(keyPath: "strokeEnd")
            a.fromValue = isOn ? 0 : 1
            a.toValue = isOn ? 1 : 0
            a.duration = 0.3
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            check.add(a, forKey: "check")
        }
        @objc func reset() { check.removeAllAnimations() }
    }
    class VC: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(Box(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        }
    }
    """

    @Test("the same action twice is two taps, the second at a moment of its own; others are left out")
    func twice() throws {
        let m = try SourceImporter.importSources([("Box.swift", Self.box)], options: ImportOptions(actions: ["tap", "tap"]))
        #expect(m.animation(0, 0)?["toValue"] == 1)
        #expect(m.animation(0, 1)?["toValue"] == 0)
        #expect(m.animation(0, 1)?["addedAt"] == "tap2")
        #expect(m.json["variables"]?["tap2"]?["fit"] != nil)
        #expect(m.json["variables"]?["reset"] == nil)
    }

    @Test("an action no object has is a note, not an error")
    func unknownAction() throws {
        let m = try SourceImporter.importSources([("Box.swift", Self.box)], options: ImportOptions(actions: ["tap", "pay"]))
        #expect(m.assumptions.contains { $0.contains("--action pay") })
    }
}


@Suite("Loops, arrays of layers, completions")
struct LoopTests {
    static let loader = """
import UIKit

class DotsLoader: UIView, CAAnimationDelegate {
    private var rings: [CAShapeLayer] = []
    var duration: CFTimeInterval = 1.2

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard rings.isEmpty else { return }
        for i in 0..<3 {
            let ring = CAShapeLayer()
            let inset = CGFloat(i) * 8
            ring.path = UIBezierPath(roundedRect: bounds.insetBy(dx: inset, dy: inset), cornerRadius: (bounds.width - 2 * inset) / 2).cgPath
            ring.strokeColor = UIColor(white: 0.2, alpha: 1).cgColor
            ring.fillColor = nil
            ring.lineWidth = 2
            layer.addSublayer(ring)
            rings.append(ring)
        }
    }

    func start() {
        for (index, ring) in rings.enumerated() {
            let grow = CAKeyframeAnimation(keyPath: "strokeEnd")
            grow.values = [0, 0.5, 1]
            grow.keyTimes = [0, 0.3, 1] as [NSNumber]
            grow.duration = duration
            grow.beginTime = CACurrentMediaTime() + Double(index) * 0.2
            grow.repeatCount = .infinity
            grow.calculationMode = .cubic
            ring.add(grow, forKey: "grow")
        }
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in
            self?.finish()
        }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi * 2
        spin.duration = 0.5
        spin.delegate = self
        rings.first?.add(spin, forKey: nil)
        CATransaction.commit()
    }

    func finish() {
        rings.last?.strokeStart = 0.5
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        rings.first?.speed = 0
    }
}

class ViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let loader = DotsLoader(frame: CGRect(x: 100, y: 100, width: 60, height: 60))
        view.addSubview(loader)
        loader.start()
    }
}
"""

    @Test("layers built in a loop and appended to an array; keyframes; a transaction's completion and a delegate's animationDidStop")
    func loader() throws {
        let m = try importSnippet(Self.loader, as: "Loader.swift")
        #expect(m.layers.count == 3)
        #expect(m.layer(1)?["path"]?["arc"]?["radius"] == 22)
        #expect(m.animation(2, 0)?["beginTime"] == "now + 0.4")
        #expect(m.animation(0, 0)?["calculationMode"] == "cubic")
        #expect(m.animation(0, 0)?["keyTimes"] == [0, 0.3, 1])
        #expect(m.json["events"]?[0]?["at"] == 0.5)
        #expect(m.json["events"]?[0]?["set"]?["speed"] == 0)
        #expect(m.json["events"]?[1]?["set"]?["strokeStart"] == 0.5)
    }
}


@Suite("A superlayer's rotation")
struct SuperlayerRotationTests {
    static let spinner = """
final class Spinner: UIView {
    private let arc = CAShapeLayer()
    override init(frame: CGRect) {
        super.init(frame: frame)
        arc.frame = bounds
        arc.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: 18, startAngle: 0, endAngle: .pi * 1.5, clockwise: true).cgPath
        arc.lineWidth = 3
        arc.strokeColor = UIColor.systemBlue.cgColor
        layer.addSublayer(arc)
    }
    required init?(coder: NSCoder) { fatalError() }
    func startAnimating() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 0.9
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
    }
}
"""

    @Test("a rotation added to the view's own layer turns the shape layer inside it (same centre): an additive rotation")
    func inherited() throws {
        let m = try importSnippet(Self.spinner, as: "Spinner.swift")
        let spin = try #require(m.animation(0, 0))
        #expect(spin["keyPath"] == "transform.rotation.z")
        #expect(spin["additive"] == true)
        #expect(spin["duration"] == 0.9)
        #expect(m.assumptions.contains { $0.contains("superlayer") })
    }

    @Test("about another point, it is a warning, not a wrong rotation")
    func otherPivot() throws {
        let shifted = Self.spinner.replacingOccurrences(of: "arc.frame = bounds", with: "arc.frame = CGRect(x: 0, y: 0, width: 10, height: 10)")
        let m = try importSnippet(shifted, as: "Spinner.swift")
        #expect(m.animation(0, 0) == nil)
        #expect(m.unsupported.contains { $0.code == "transform.rotation" })
    }
}


@Suite("Swift spellings: #keyPath, .init, layers made in closures")
struct SwiftSpellingTests {
    static let ring = """
final class Ring: UIView {
    private let shape: CAShapeLayer = {
        let l = CAShapeLayer()
        l.fillColor = nil
        l.strokeColor = UIColor.systemGreen.cgColor
        l.lineWidth = 5
        l.lineCap = .round
        return l
    }()
    override func layoutSubviews() {
        super.layoutSubviews()
        if shape.superlayer == nil { layer.addSublayer(shape) }
        shape.frame = bounds
        shape.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 2.5, dy: 2.5)).cgPath
    }
    func animate() {
        let a = CABasicAnimation(keyPath: #keyPath(CAShapeLayer.strokeEnd))
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1.5
        a.timingFunction = .init(name: .easeOut)
        shape.add(a, forKey: #keyPath(CAShapeLayer.strokeEnd))
    }
}
final class VC: UIViewController {
    private let ring = Ring(frame: CGRect(x: 20, y: 20, width: 50, height: 50))
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(ring)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ring.animate()
    }
}
"""

    @Test("#keyPath(CAShapeLayer.strokeEnd), .init(name: .easeOut), a layer named for the property whose closure made it, viewDidAppear")
    func spellings() throws {
        let m = try importSnippet(Self.ring, as: "Ring.swift")
        #expect(m.layer(0)?["name"] == "shape")
        #expect(m.layer(0)?["path"]?["oval"] == [2.5, 2.5, 45, 45])
        #expect(m.layer(0)?["strokeColor"] == "#34C759")
        let a = try #require(m.animation(0, 0))
        #expect(a["keyPath"] == "strokeEnd")
        #expect(a["key"] == "strokeEnd")
        #expect(a["timingFunction"] == "easeOut")
    }
}


@Suite("A view whose own layer is the shape layer (Swift)")
struct LayerClassTests {
    static let ring = """
class ProgressRingView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    private var ring: CAShapeLayer { layer as! CAShapeLayer }

    var progress: CGFloat = 0 {
        didSet { setProgress(progress, animated: true) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        ring.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 4,
                                 startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
        ring.lineWidth = 8
        ring.strokeColor = tintColor.cgColor
        ring.fillColor = UIColor.clear.cgColor
    }

    func setProgress(_ value: CGFloat, animated: Bool) {
        let anim = CABasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = ring.presentation()?.strokeEnd ?? ring.strokeEnd
        anim.toValue = value
        anim.duration = animated ? 0.35 : 0
        ring.strokeEnd = value
        ring.add(anim, forKey: "progress")
    }
}

class VC: UIViewController {
    let ringView = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(ringView)
        ringView.progress = 0.3
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.ringView.progress = 0.8 }
    }
}
"""

    @Test("layerClass CAShapeLayer.self, a single-expression computed property, didSet, a later change")
    func layerClass() throws {
        let m = try importSnippet(Self.ring, as: "Ring.swift")
        let ring = try #require(m.layer(0))
        #expect(ring["path"]?["arc"]?["radius"] == 56)
        #expect(ring["strokeEnd"] == 0.3)
        #expect(m.animation(0, 1)?["addedAt"] == 1)
        #expect(m.animation(0, 1)?["toValue"] == 0.8)
        #expect(m.json["events"]?[0]?["set"]?["strokeEnd"] == 0.8)
    }
}
