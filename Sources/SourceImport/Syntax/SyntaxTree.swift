/// Where a node was written: line and column within its file (the file is the enclosing unit's).
struct Position: Sendable, Equatable {
    var line: Int
    var column: Int
}

/// An argument of a call or of an Objective-C message: `label: value`, or unlabelled.
struct Argument: Sendable {
    var label: String?
    var value: Expr
}

/// An expression of either language, in one tree: Objective-C messages become calls of
/// `receiver.firstPart` labelled with the selector's other parts, so `[UIBezierPath
/// bezierPathWithArcCenter:c radius:r …]` and `UIBezierPath(arcCenter: c, radius: r, …)` are
/// looked up in the same tables.
struct Expr: Sendable {
    indirect enum Kind: Sendable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
        case name(String)
        case member(Expr, String)
        /// Swift's implicit member `.easeInEaseOut`.
        case implicitMember(String)
        case call(Expr, [Argument])
        /// An Objective-C message: receiver, selector parts (`initWithFrame`, `animated`), arguments.
        case message(Expr, [String], [Expr])
        case subscripted(Expr, [Argument])
        case unary(String, Expr)
        /// Postfix `!` and `?` (Swift), `++`/`--`.
        case postfix(String, Expr)
        case binary(String, Expr, Expr)
        case ternary(Expr, Expr, Expr)
        case array([Expr])
        case dictionary([(Expr, Expr)])
        case closure(parameters: [String], body: [Stmt])
        /// `(CGFloat)x`, `x as! T`, `CGFloat(x)` is a call.
        case cast(Expr, String)
        /// `@selector(foo:)`, `#selector(foo)`: the method's name.
        case selector(String)
        /// Something outside the subset; evaluates to an unknown value.
        case opaque(String)
    }

    var kind: Kind
    var position: Position
}

/// A condition of `if`/`guard`/`while`: an expression, or a Swift binding `let x = e`.
enum Condition: Sendable {
    case expression(Expr)
    case binding(String, Expr)
}

/// One `case` of a `switch` (no patterns: `default`).
struct SwitchCase: Sendable {
    var patterns: [Expr]
    var body: [Stmt]
}

/// A statement of either language.
struct Stmt: Sendable {
    indirect enum Kind: Sendable {
        case expression(Expr)
        /// `let x = e`, `var x: T`, `CGFloat x = e;`, `CAShapeLayer *l = …;`.
        case declaration(name: String, type: String?, value: Expr?)
        /// `=`, `+=`, `-=`, `*=`, `/=`.
        case assignment(Expr, String, Expr)
        case ifStatement([Condition], then: [Stmt], otherwise: [Stmt]?)
        case guardStatement([Condition], otherwise: [Stmt])
        case forIn(String, Expr, [Stmt])
        /// `for (init; condition; step)` and `while`.
        case loop(initial: [Stmt], condition: Expr?, step: [Stmt], body: [Stmt])
        case switchStatement(Expr, [SwitchCase])
        case returnStatement(Expr?)
        case block([Stmt])
        case breakStatement
        case continueStatement
        case function(FunctionDecl)
        /// Skipped: text outside the subset (the first words, for messages).
        case unsupported(String)
    }

    var kind: Kind
    var position: Position
}

/// A parameter: its external label (nil for `_` and an Objective-C first part), its name.
struct Parameter: Sendable {
    var label: String?
    var name: String
    var type: String?
    var defaultValue: Expr?
}

/// A method or function: `- (void)setProgress:(CGFloat)p animated:(BOOL)a`, `func start()`,
/// `init(frame:)`.
struct FunctionDecl: Sendable {
    var name: String
    var parameters: [Parameter]
    var body: [Stmt]?
    var isStatic: Bool
    var returnType: String?
    var position: Position
    var file: String
    /// `@IBAction` (Swift) or an `IBAction` return type: a method the user triggers.
    var isAction = false
}

/// A stored or computed property, or a global/static constant.
struct PropertyDecl: Sendable {
    var name: String
    var type: String?
    var initial: Expr?
    /// A computed property's getter (Swift `var x: T { … }`).
    var getter: [Stmt]?
    var setter: (name: String, body: [Stmt])?
    var didSet: [Stmt]?
    var isStatic: Bool
    var isLazy: Bool
    var position: Position
    var file: String
    /// Objective-C `getter=isAnimating`: the name the getter is called by.
    var getterName: String?
    /// `IBOutlet` / `@IBOutlet`: a storyboard sets it.
    var isOutlet = false
}

/// A class, struct, enum, extension or Objective-C `@interface`/`@implementation`; declarations of
/// the same name are merged before evaluation.
struct TypeDecl: Sendable {
    enum Kind: Sendable { case classType, structType, enumType, extensionType, protocolType }
    var name: String
    var kind: Kind
    var superclass: String?
    var properties: [PropertyDecl] = []
    var methods: [FunctionDecl] = []
    /// Enum cases with their raw values (nil when none is written).
    var cases: [(name: String, rawValue: Expr?)] = []
    /// Types declared inside this one (`private enum Constants { … }`).
    var nested: [TypeDecl] = []
    var position: Position
    var file: String
}

/// One parsed file.
struct SourceUnit: Sendable {
    var file: String
    var language: SourceLanguage
    var types: [TypeDecl] = []
    var functions: [FunctionDecl] = []
    var globals: [PropertyDecl] = []
    /// Top-level statements (Swift scripts, snippets pasted into an issue).
    var statements: [Stmt] = []
}
