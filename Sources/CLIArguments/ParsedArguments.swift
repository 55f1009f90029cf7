/// The arguments of one command invocation, read by the names its ``CommandSpec`` declares.
///
/// Asking for a name the spec does not declare, or asking a flag for a value, traps: such a lookup
/// can only be a typo in the tool's own code, and failing loudly keeps it from passing as "absent".
/// Conversions throw ``UsageError`` already wrapped with the command, so their help hint is right.
public struct ParsedArguments: Sendable, Equatable {
    /// The spec the arguments were read against.
    public let command: CommandSpec
    /// The invocation, such as `strokescope info`, used for error context.
    public let commandPath: String

    let optionValues: [String: [String]]
    let flags: Set<String>
    let positionalValues: [String: [String]]

    /// Whether the flag was given.
    public func flag(_ name: String) -> Bool {
        let option = declaredOption(name)
        precondition(option.isFlag, "'\(option.longForm)' takes a value; read it with value(_:)")
        return flags.contains(name)
    }

    /// The value of a non-repeatable option, or nil when it was not given.
    public func value(_ name: String) -> String? {
        let option = declaredOption(name)
        precondition(!option.isFlag, "'\(option.longForm)' is a flag; read it with flag(_:)")
        precondition(!option.isRepeatable, "'\(option.longForm)' is repeatable; read it with values(_:)")
        return optionValues[name]?.first
    }

    /// Every value given for an option, in command-line order.
    public func values(_ name: String) -> [String] {
        let option = declaredOption(name)
        precondition(!option.isFlag, "'\(option.longForm)' is a flag; read it with flag(_:)")
        return optionValues[name] ?? []
    }

    /// The value of a positional argument; never nil for a required one.
    public func positional(_ name: String) -> String? {
        let argument = declaredArgument(name)
        precondition(!argument.isRepeated, "'\(argument.label)' is repeated; read it with positionals(_:)")
        return positionalValues[name]?.first
    }

    /// Every value of a repeated positional argument, in command-line order.
    public func positionals(_ name: String) -> [String] {
        declaredArgument(name)
        return positionalValues[name] ?? []
    }

    /// The converted value of a non-repeatable option, or nil when it was not given.
    public func value<Value>(_ name: String, as converter: ValueConverter<Value>) throws(UsageError) -> Value? {
        guard let text = value(name) else { return nil }
        return try convert(text, for: declaredOption(name).usageLabel, with: converter)
    }

    /// Every value given for an option, each converted.
    public func values<Value>(_ name: String, as converter: ValueConverter<Value>) throws(UsageError) -> [Value] {
        let label = declaredOption(name).usageLabel
        var converted: [Value] = []
        for text in values(name) {
            converted.append(try convert(text, for: label, with: converter))
        }
        return converted
    }

    /// The converted value of a positional argument; never nil for a required one.
    public func positional<Value>(_ name: String, as converter: ValueConverter<Value>) throws(UsageError) -> Value? {
        guard let text = positional(name) else { return nil }
        return try convert(text, for: declaredArgument(name).label, with: converter)
    }

    /// Every value of a repeated positional argument, each converted.
    public func positionals<Value>(_ name: String, as converter: ValueConverter<Value>) throws(UsageError) -> [Value] {
        let label = declaredArgument(name).label
        var converted: [Value] = []
        for text in positionals(name) {
            converted.append(try convert(text, for: label, with: converter))
        }
        return converted
    }

    private func convert<Value>(
        _ text: String,
        for label: String,
        with converter: ValueConverter<Value>
    ) throws(UsageError) -> Value {
        do throws(UsageError) {
            return try converter.convert(text, for: label)
        } catch {
            throw .inCommand(commandPath, error)
        }
    }

    private func declaredOption(_ name: String) -> OptionSpec {
        guard let option = command.option(named: name) else {
            preconditionFailure("Command '\(command.name)' declares no option '--\(name)'")
        }
        return option
    }

    @discardableResult
    private func declaredArgument(_ name: String) -> ArgumentSpec {
        guard let argument = command.argument(named: name) else {
            preconditionFailure("Command '\(command.name)' declares no argument '<\(name)>'")
        }
        return argument
    }
}

extension ParsedArguments {
    /// The same invocation with other values for a positional argument: a batch runs a command
    /// once per input file with everything else as given.
    public func replacingPositionals(_ name: String, with values: [String]) -> ParsedArguments {
        declaredArgument(name)
        var positionals = positionalValues
        positionals[name] = values
        return ParsedArguments(command: command, commandPath: commandPath, optionValues: optionValues, flags: flags,
                               positionalValues: positionals)
    }
}
