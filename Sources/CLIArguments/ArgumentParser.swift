/// Reads one command's arguments against its spec.
///
/// Accepted forms: `--opt value`, `--opt=value`, `-o value`, `-ovalue`, grouped short flags
/// (`-fq`), repeated options, and `--` to make everything after it positional. A value may start
/// with a dash only when it reads as a negative number (`--from -0.5`) or is `-` alone, so a
/// forgotten value (`--model --force`) is reported instead of swallowing the next option.
struct ArgumentParser {
    let command: CommandSpec
    let commandPath: String

    /// Whether `--help` or `-h` appears before any `--`: help wins over every other mistake, since
    /// someone asking for help has not finished writing the invocation.
    static func requestsHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// Whether a token starting with `-` should still be read as a value rather than an option.
    static func isDashedValue(_ token: String) -> Bool {
        guard token.hasPrefix("-") else { return false }
        if token == "-" { return true }
        let afterDash = token.dropFirst()
        guard let next = afterDash.first else { return false }
        if next.isASCII && next.isNumber { return true }
        if next == ".", let digit = afterDash.dropFirst().first, digit.isASCII, digit.isNumber { return true }
        return false
    }

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var state = State()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || Self.isDashedValue(token) {
                state.positionals.append(token)
            } else if token == "--" {
                optionsEnded = true
            } else if token.hasPrefix("--") {
                try readLongOption(token, arguments: arguments, index: &index, into: &state)
            } else {
                try readShortGroup(token, arguments: arguments, index: &index, into: &state)
            }
        }
        return ParsedArguments(
            command: command,
            commandPath: commandPath,
            optionValues: state.optionValues,
            flags: state.flags,
            positionalValues: try assignPositionals(state.positionals)
        )
    }

    private struct State {
        var optionValues: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
    }

    private func readLongOption(
        _ token: String,
        arguments: [String],
        index: inout Int,
        into state: inout State
    ) throws(UsageError) {
        let parts = token.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let inlineValue = parts.count > 1 ? String(parts[1]) : nil
        guard let option = command.option(named: name) else {
            throw .unknownOption("--" + name, suggestion: suggestion(for: "--" + name))
        }
        if option.isFlag {
            if let inlineValue { throw .unexpectedValue(inlineValue, option: option.longForm) }
            try record(flag: option, into: &state)
        } else {
            if let inlineValue {
                try record(inlineValue, for: option, into: &state)
            } else {
                try record(takeValue(for: option, arguments: arguments, index: &index), for: option, into: &state)
            }
        }
    }

    /// Short options read left to right as `getopt` does: flags may be grouped, and the first
    /// value-taking letter consumes the rest of the token, or else the next argument.
    private func readShortGroup(
        _ token: String,
        arguments: [String],
        index: inout Int,
        into state: inout State
    ) throws(UsageError) {
        var letters = token.dropFirst()[...]
        var isFirstLetter = true
        while let letter = letters.popFirst() {
            guard let option = command.options.first(where: { $0.shortName == letter }) else {
                // A single-dash long name (`-fomat`) most likely meant `--fomat`.
                if isFirstLetter && !letters.isEmpty {
                    let asLong = "-" + token
                    throw .unknownOption(token, suggestion: suggestion(for: asLong))
                }
                throw .unknownOption("-" + String(letter), suggestion: nil)
            }
            isFirstLetter = false
            if option.isFlag {
                if letters.first == "=" {
                    throw .unexpectedValue(String(letters.dropFirst()), option: option.longForm)
                }
                try record(flag: option, into: &state)
                continue
            }
            var attached = String(letters)
            if attached.hasPrefix("=") { attached.removeFirst() }
            let value = attached.isEmpty
                ? try takeValue(for: option, arguments: arguments, index: &index)
                : attached
            try record(value, for: option, into: &state)
            return
        }
    }

    private func takeValue(for option: OptionSpec, arguments: [String], index: inout Int) throws(UsageError) -> String {
        guard index < arguments.count else { throw .missingValue(option: option.usageLabel) }
        let candidate = arguments[index]
        if candidate.hasPrefix("-") && !Self.isDashedValue(candidate) {
            throw .missingValue(option: option.usageLabel)
        }
        index += 1
        return candidate
    }

    private func record(flag option: OptionSpec, into state: inout State) throws(UsageError) {
        guard state.flags.insert(option.name).inserted else { throw .duplicateOption(option.longForm) }
    }

    private func record(_ value: String, for option: OptionSpec, into state: inout State) throws(UsageError) {
        if !option.choices.isEmpty && !option.choices.contains(value) {
            throw .invalidChoice(value, for: option.usageLabel, choices: option.choices)
        }
        if !option.isRepeatable && state.optionValues[option.name] != nil {
            throw .duplicateOption(option.longForm)
        }
        state.optionValues[option.name, default: []].append(value)
    }

    /// Required arguments fill first, then optional ones in order, and a repeated last argument
    /// takes whatever remains.
    private func assignPositionals(_ values: [String]) throws(UsageError) -> [String: [String]] {
        var assigned: [String: [String]] = [:]
        var remaining = values[...]
        for argument in command.arguments {
            if argument.isRepeated {
                if remaining.isEmpty && !argument.isOptional { throw .missingArgument(argument.usageLabel) }
                assigned[argument.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                assigned[argument.name] = [value]
            } else if !argument.isOptional {
                throw .missingArgument(argument.usageLabel)
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
        return assigned
    }

    /// Suggestions come only from options help shows, so hidden ones stay undiscoverable.
    private func suggestion(for longName: String) -> String? {
        let visible = command.options.filter { !$0.isHidden }.map(\.longForm) + ["--help"]
        return EditDistance.closest(to: longName, among: visible)
    }
}
