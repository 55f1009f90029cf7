/// What runs, and when: the app's set-up at model time 0 (view controllers' life cycle, or the
/// views themselves when no controller is given), layout passes, then what the code schedules
/// (delays, timers, completions) in time order, then actions nobody calls in the code (buttons,
/// gestures) at moments the fit estimates.
extension Interpreter {
    func runProgram() {
        do {
            try setUp()
            try drain()
            try runActions()
        } catch {
            note("the run stopped after \(Self.stepBudget) steps (a loop the code does not bound?): what it built so far is kept")
        }
    }

    private var anyAnimation: Bool { created.contains { !$0.added.isEmpty } }

    private func setUp() throws(Stop) {
        now = .zero
        let runnable = program.statements.filter { $0.statements.contains { if case .unsupported = $0.kind { return false }; return true } }
        let top = Context(scope: Scope(parent: nil), selfObject: runnable.isEmpty ? nil : snippetSelf(), className: nil, file: program.statements.first?.file ?? "")
        for (file, statements) in runnable {
            var ctx = top
            ctx.file = file
            _ = try exec(statements, ctx)
        }
        // View controllers the code declares, in the order of the files.
        let controllers = program.order.filter { name in
            let root = program.builtinRoot(name)
            return root.hasSuffix("ViewController") || root.hasSuffix("Controller")
        }
        for name in controllers {
            let vc = allocate(name)
            vc.kind = .user
            let root = newObject("UIView", .view)
            root.frameRect = Rect(x: .zero, y: .zero, width: .constant(Self.screen.width), height: .constant(Self.screen.height))
            root.origin = "view"
            vc.fields["view"] = .object(root)
            let ctx = Context(scope: Scope(parent: nil), selfObject: vc, className: name, file: program.types[name]?.file ?? "")
            if let (f, owner) = program.method("init", labels: [], in: name, isStatic: false) { _ = try invoke(f, owner: owner, on: vc, arguments: [], ctx, f.position) }
            for hook in ["loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"] {
                let m = program.method(hook, labels: [nil], in: name, isStatic: false) ?? program.method(hook, labels: [], in: name, isStatic: false)
                if let (f, owner) = m { _ = try invoke(f, owner: owner, on: vc, arguments: [.bool(false)], ctx, f.position) }
                try layoutPass()
            }
        }
        if !controllers.isEmpty { note("a view controller's view is the screen of an iPhone 8 (375 × 667 pt), as the code does not fix it") }
        try layoutPass()
        try runFreeLifecycle()
        // No controller made the views: make each view class the code declares, as a storyboard would.
        if !anyAnimation && controllers.isEmpty {
            for name in program.order where !created.contains(where: { $0.className == name }) {
                let root = program.builtinRoot(name)
                let kind = Self.kind(ofBuiltin: root)
                guard kind == .view else { continue }
                _ = try makeFromStoryboard(name, in: nil)
                note("\(name) is made as a storyboard would make it (no code here creates it)")
            }
            try layoutPass()
        }
        // Still nothing animates: start the views as their API says (`startAnimating`, …).
        if !anyAnimation {
            for o in created where o.kind == .view && program.types[o.className] != nil {
                for start in ["startAnimating", "startAnimation", "startAnimations", "start", "beginAnimating", "beginAnimation", "animate", "show", "play", "begin"] {
                    if let (f, owner) = program.method(start, labels: [], in: o.className, isStatic: false) {
                        let ctx = Context(scope: Scope(parent: nil), selfObject: o, className: owner, file: f.file)
                        _ = try invoke(f, owner: owner, on: o, arguments: [], ctx, f.position)
                        note("no code here starts \(o.className): \(start) is called at model time 0")
                        break
                    }
                }
                if anyAnimation { break }
            }
            try layoutPass()
        }
    }

    /// The `self` of code pasted without its class: a view controller's view on the screen.
    func snippetSelf() -> Object {
        if let s = snippetObject { return s }
        let s = newObject("Snippet", .view)
        s.frameRect = Rect(x: .zero, y: .zero, width: .constant(Self.screen.width), height: .constant(Self.screen.height))
        s.fields["view"] = .object(s)
        s.origin = "view"
        s.addedAt = .zero
        snippetObject = s
        note("code outside any class runs with self as a view controller's view on a 375 × 667 pt screen")
        return s
    }

    /// Methods and functions pasted without their class: the life-cycle ones run at once, and
    /// when nothing animates yet, every one that takes no arguments and nothing calls.
    private func runFreeLifecycle() throws(Stop) {
        let free = program.functions.values.flatMap { $0 }.filter { $0.body != nil }.sorted { ($0.file, $0.position.line) < ($1.file, $1.position.line) }
        guard !free.isEmpty else { return }
        let lifecycle = ["init", "awakeFromNib", "viewDidLoad", "viewWillAppear", "viewDidLayoutSubviews", "viewDidAppear", "layoutSubviews", "didMoveToWindow", "drawRect", "draw"]
        func run(_ f: FunctionDecl) throws(Stop) {
            let me = snippetSelf()
            let ctx = Context(scope: Scope(parent: nil), selfObject: me, className: nil, file: f.file)
            _ = try invoke(f, owner: nil, on: me, arguments: f.parameters.map { _ in .bool(false) }, ctx, f.position)
            try layoutPass()
        }
        for name in lifecycle { for f in free where f.name == name { try run(f) } }
        if !anyAnimation {
            for f in free where !lifecycle.contains(f.name) && f.parameters.allSatisfy({ $0.defaultValue != nil }) && !selectorTargets.contains(f.name) && !f.isAction {
                guard !invoked.contains("\(f.file):\(f.position.line):\(f.position.column)") else { continue }
                try run(f)
                note("\(f.name) is called at model time 0 (nothing in the given code calls it)")
                if anyAnimation { break }
            }
        }
    }

    /// A view a storyboard makes: sized by variables (`storyboardSize`), made by `init(coder:)`
    /// (or `init(frame:)` when that one only traps, or `init()`), put in `root` when given (a
    /// controller's outlet), woken (`awakeFromNib`); without a root it is on screen at model
    /// time 0 (`didMoveToWindow`, `tintColorDidChange`).
    func makeFromStoryboard(_ type: String, in root: Object?) throws(Stop) -> Object {
        let o = allocate(type)
        let ctx = Context(scope: Scope(parent: nil), selfObject: o, className: type, file: program.types[type]?.file ?? "")
        if let (f, owner) = program.method("initWithCoder", labels: [nil], in: type, isStatic: false) ?? program.method("init", labels: ["coder"], in: type, isStatic: false),
           !Self.onlyTraps(f) {
            storyboardSize(o)
            _ = try invoke(f, owner: owner, on: o, arguments: [.unknown("coder")], ctx, f.position)
        } else if let (f, owner) = program.method("initWithFrame", labels: [nil], in: type, isStatic: false) ?? program.method("init", labels: ["frame"], in: type, isStatic: false) {
            storyboardSize(o)
            _ = try invoke(f, owner: owner, on: o, arguments: [.rect(o.frameRect!)], ctx, f.position)
        } else if let (f, owner) = program.method("init", labels: [], in: type, isStatic: false) {
            _ = try invoke(f, owner: owner, on: o, arguments: [], ctx, f.position)
            storyboardSize(o)
        } else {
            storyboardSize(o)
        }
        if let root {
            _ = try builtinMethod(root, "addSubview", [nil], [.object(o)], ctx, Position(line: 0, column: 0))
            try callHook(o, "awakeFromNib", ctx)
        } else {
            o.addedAt = .zero
            try callHook(o, "awakeFromNib", ctx)
            try callHook(o, "didMoveToWindow", ctx)
            try callHook(o, "tintColorDidChange", ctx)
        }
        return o
    }

    /// `layoutSubviews` and `draw(_:)` of every view that needs layout, as UIKit runs them
    /// before the screen updates.
    func layoutPass() throws(Stop) {
        for _ in 0..<3 {
            let pending = created.filter { $0.needsLayout && ($0.kind == .view || $0.isLayer) }
            if pending.isEmpty { return }
            for o in pending {
                o.needsLayout = false
                guard program.types[o.className] != nil else { continue }
                let ctx = Context(scope: Scope(parent: nil), selfObject: o, className: o.className, file: program.types[o.className]?.file ?? "")
                if o.kind == .view {
                    // Auto Layout gives a view without size constraints its intrinsic size.
                    if (o.frameRect?.width ?? .zero) == .zero, let p = program.property("intrinsicContentSize", in: o.className), p.getter != nil,
                       case .size(let w, let h) = try member(.object(o), "intrinsicContentSize", ctx, p.position), (w.constant ?? 1) > 0 {
                        let f = o.frameRect ?? .zero
                        try builtinSet(o, "frame", .rect(Rect(x: f.x, y: f.y, width: w, height: h)), ctx, p.position)
                        note("\(o.className) takes its intrinsic content size (Auto Layout)")
                    }
                    try callHook(o, "layoutSubviews", ctx)
                    let bounds = Value.rect(Rect(x: .zero, y: .zero, width: (o.frameRect ?? .zero).width, height: (o.frameRect ?? .zero).height))
                    if let (f, owner) = program.method("draw", labels: [nil], in: o.className, isStatic: false) ?? program.method("drawRect", labels: [nil], in: o.className, isStatic: false) {
                        _ = try invoke(f, owner: owner, on: o, arguments: [bounds], ctx, f.position)
                    }
                } else {
                    try callHook(o, "layoutSublayers", ctx)
                }
                o.needsLayout = false
            }
        }
    }

    /// Runs scheduled code, earliest first (moments after a variable come after the fixed ones).
    func drain() throws(Stop) {
        var count = 0
        while !tasks.isEmpty, count < 20_000 {
            count += 1
            let values = variableValues
            let k = tasks.indices.min { a, b in order(tasks[a], values) < order(tasks[b], values) }!
            let task = tasks.remove(at: k)
            now = task.time
            if let t = now.constant, t > latestFixedTime { latestFixedTime = t }
            if let t = now.value(values), t > latestMoment { latestMoment = t }
            // Each turn of the run loop is a transaction of its own.
            actionsDisabled = false
            transactionDuration = nil
            try task.run(self)
            try layoutPass()
        }
    }

    /// Earliest first, moments that name variables taken at the variables' values (the order the
    /// model file's lists must have); ties in the order the code scheduled them.
    private func order(_ t: ScheduledTask, _ values: [String: Double]) -> (Double, Int) {
        (t.time.value(values) ?? .infinity, t.order)
    }

    /// Buttons, gestures and other actions the code never calls: each runs at a moment the fit
    /// estimates (a variable named after it) — or at 0 when nothing animated before it.
    private func runActions() throws(Stop) {
        if !options.actions.isEmpty { return try runChosenActions() }
        // Pasted actions (`@objc func handleTap()` outside its class) first, on the snippet's self.
        let free = program.functions.values.flatMap { $0 }.filter { $0.body != nil && ($0.isAction || selectorTargets.contains($0.name)) }
            .sorted { ($0.file, $0.position.line) < ($1.file, $1.position.line) }
        for f in free where !invoked.contains("\(f.file):\(f.position.line):\(f.position.column)") {
            try runAction(f, owner: nil, on: snippetSelf())
        }
        for name in program.order {
            guard let t = program.types[name], instances.contains(where: { $0.className == name }) else { continue }
            let isController = program.builtinRoot(name).hasSuffix("Controller")
            // Actions: `IBAction`s, targets of `#selector`, and (where no header says) a
            // controller's methods that take only a `sender`.
            let takesSender: (FunctionDecl) -> Bool = { f in
                if isController && f.parameters.count == 1 && (f.parameters[0].name == "sender" || f.parameters[0].type == "UIButton" || f.parameters[0].type == "UISwitch") { return true }
                // A table or collection view row the user taps.
                return (f.name == "tableView" || f.name == "collectionView") && f.labels.contains { $0 == "didSelectRowAt" || $0 == "didSelectItemAt" || $0 == "didSelectRowAtIndexPath" || $0 == "didSelectItemAtIndexPath" }
            }
            for f in t.methods where f.body != nil && !f.isStatic && (f.isAction || selectorTargets.contains(f.name) || takesSender(f)) {
                guard !invoked.contains("\(f.file):\(f.position.line):\(f.position.column)") else { continue }
                guard let target = instances.last(where: { $0.className == name }) else { continue }
                try runAction(f, owner: name, on: target)
            }
        }
    }
}

extension Interpreter {
    /// One action at its moment: a variable after everything fixed, or 0 when it starts the animation.
    /// `--action NAME`, in the order given: each a method of an object the run made (or code
    /// pasted without its class), at a moment of its own; the same action twice is two taps.
    func runChosenActions() throws(Stop) {
        var seen: [String: Int] = [:]
        for name in options.actions {
            seen[name, default: 0] += 1
            let occurrence = seen[name]!
            var found: (FunctionDecl, String?, Object)?
            for o in instances.reversed() {
                if let m = program.chain(o.className).lazy.flatMap({ $0.methods }).first(where: { $0.name == name && $0.body != nil && !$0.isStatic }) {
                    found = (m, program.chain(o.className).first { $0.methods.contains { $0.position == m.position && $0.file == m.file } }?.name, o)
                    break
                }
            }
            if found == nil, let f = program.functions[name]?.first(where: { $0.body != nil }) { found = (f, nil, snippetSelf()) }
            guard let (f, owner, target) = found else {
                note("--action \(name): no object the run made has this method (left out)")
                continue
            }
            try runAction(f, owner: owner, on: target, occurrence: occurrence)
        }
    }

    func runAction(_ f: FunctionDecl, owner: String?, on target: Object, occurrence: Int = 1) throws(Stop) {
        if anyAnimation {
            // After everything the code runs at fixed moments (the format lists additions in order);
            // actions one after another, a second apart by default.
            let earliest = latestFixedTime
            actionCount += 1
            let label = occurrence > 1 ? "\(f.name)\(occurrence)" : f.name
            let spaced = earliest + Double(actionCount)
            let value = spaced > latestMoment ? spaced : latestMoment + 1
            now = variable(label, value: value, fit: earliest...max(earliest + 30, value), because: "the action \(f.name) runs when the user triggers it: the variable {name} (model time, fitted in \(Symbolic.format(earliest))…\(Symbolic.format(earliest + 30)) s)")
        } else {
            now = .zero
            note("the action \(f.name) starts the animation: it runs at model time 0")
        }
        if let t = now.value(variableValues), t > latestMoment { latestMoment = t }
        let ctx = Context(scope: Scope(parent: nil), selfObject: target, className: owner, file: f.file)
        actionsDisabled = false
        transactionDuration = nil
        _ = try invoke(f, owner: owner, on: target, arguments: f.parameters.map { _ in .unknown("sender") }, ctx, f.position)
        try layoutPass()
        try drain()
    }
}

extension Interpreter {
    /// `required init?(coder:) { fatalError(…) }`: the class is not made from a storyboard.
    static func onlyTraps(_ f: FunctionDecl) -> Bool {
        guard let first = f.body?.first else { return false }
        let call: Expr
        switch first.kind {
        case .expression(let e), .returnStatement(let e?): call = e
        default: return false
        }
        guard case .call(let callee, _) = call.kind, case .name(let n) = callee.kind else { return false }
        return n == "fatalError" || n == "preconditionFailure"
    }
}

extension Interpreter {
    /// A view controller's root view (where its outlets sit), when it has one.
    func controllerView(_ controller: Object) -> Object? {
        if case .object(let root)? = controller.fields["view"], root.kind == .view { return root }
        return nil
    }
}
