import Fitting
import Inspection
import JSON
import Reports

/// A fit as the tool prints it: the inspection's summary with the fit's figures and verdict,
/// the per-frame table with the model and the errors (`report`), and the `strokescope-fit/1`
/// document (`json`, CLI-CONTRACT.md).
public struct FitReport: Sendable {
    public let outcome: ModelFit
    public let thresholds: Thresholds
    /// The verdict's failures (empty: pass, or no thresholds).
    public let failures: [String]

    /// The report of `fit` judged by `thresholds`.
    public init(_ fit: ModelFit, thresholds: Thresholds = Thresholds()) {
        outcome = fit
        self.thresholds = thresholds
        failures = fit.verdict(thresholds).failures
    }

    public var result: FitResult { outcome.result }

    public var report: Report {
        let r = result
        var report = InspectionReport(outcome.inspection).report
        report.title = "Fit \(outcome.inspection.file)"
        report.tables = []
        report.addSummary("timing", .string("\(r.timeBase.source.rawValue), \(fixed(r.timeBase.interval * 1000, 3)) ms per interval: \(r.timeBase.note)"), key: "timing")
        report.addSummary("phase (ms)", .double(r.phase * 1000, decimals: 1), key: "phase")
        let rateNote = r.ratePinned ? " (pinned)" : r.rateHeld ? " (held: see the note)" : r.rateDegeneracy != nil ? " (undetermined: see the note)" : ""
        report.addSummary("rate", .string(fixed(r.rate, 4) + rateNote))
        if let found = r.rateDegeneracy { report.addSummary("note", .string(found.note), key: "rateDegeneracy") }
        for p in r.parameters where p.name != "phase" && p.name != "rate" {
            report.addSummary("variable \(p.name)", .string(fixed(p.value, 4) + (p.determined ? "" : " (undetermined)")), key: "variable.\(p.name)")
        }
        for p in r.parameters {
            if p.name == "rate", let found = r.rateDegeneracy {
                let text = found.held ? "held at \(fixed(found.heldRate, 4)): not separately determined from \(RateDegeneracy.list(found.variables))"
                                      : "undetermined: not separately determined from \(RateDegeneracy.list(found.variables))"
                report.addSummary("rate determined", .string(text), key: "determined.rate")
                continue
            }
            let text = p.determined ? (p.standardError.map { "± " + fixed(p.name == "phase" ? $0 * 1000 : $0, 4) + (p.name == "phase" ? " ms" : "") } ?? "determined")
                                    : "undetermined: the frames say almost nothing about it"
            report.addSummary("\(p.name) determined", .string(text), key: "determined.\(p.name)")
        }
        report.addSummary("RMS timing error (ms)", Cell(r.rmsTimingError.map { $0 * 1000 }, decimals: 1), key: "rmsTimingError")
        report.addSummary("max timing error (ms)", .string(r.maxTimingError.map { "\(fixed($0 * 1000, 1)) at frame \(r.maxTimingErrorFrame ?? -1)" } ?? "-"), key: "maxTimingError")
        report.addSummary("RMS angle error (°)", Cell(r.rmsAngleError, decimals: 2), key: "rmsAngleError")
        report.addSummary("max angle error (°)", .string(r.maxAngleError.map { "\(fixed($0, 2)) at frame \(r.maxAngleErrorFrame ?? -1)" } ?? "-"), key: "maxAngleError")
        report.addSummary("hitch time ratio (ms/s)", .string("\(fixed(r.hitchTimeRatio, 2)) (\(r.hitchBand.rawValue))"), key: "hitchTimeRatio")
        report.addSummary("frames compared", .int(r.framesCompared))
        if !thresholds.isEmpty { report.addSummary("verdict", .string(failures.isEmpty ? "PASS" : "FAIL: " + failures.joined(separator: "; "))) }
        var table = Table(key: "frames", columns: [
            Column("frame", key: "index"), Column("time (ms)", key: "timeMs"), Column("model time (ms)", key: "modelTimeMs"),
            Column("layer", key: "layer", alignment: .left), Column("state", key: "state", alignment: .left),
            Column("start (°)", key: "startAngle"), Column("end (°)", key: "endAngle"),
            Column("model start (°)", key: "modelStartAngle"), Column("model end (°)", key: "modelEndAngle"),
            Column("strokeEnd", key: "strokeEnd"), Column("model strokeEnd", key: "modelStrokeEnd"),
            Column("angle error (°)", key: "angleError"), Column("timing error (ms)", key: "timingErrorMs"),
            Column("± (ms)", key: "timingErrorUncertaintyMs"), Column("hitch (ms)", key: "hitchTimeMs"),
            Column("flags", key: "flags", alignment: .left),
        ])
        for (i, f) in r.frames.enumerated() {
            for (j, layer) in r.model.layers.enumerated() {
                let m = outcome.inspection.layers.first { $0.name == layer.name }?.readings[i]
                let fit = f.layers[j]
                table.append([
                    .int(f.index), .double(milliseconds(f.time), decimals: 0), .double(milliseconds(f.modelTime), decimals: 1),
                    .string(layer.name), .string(m?.state.rawValue ?? "-"),
                    Cell(m?.startAngle.map { displayAngle($0, 2) }, decimals: 2), Cell(m?.endAngle.map { displayAngle($0, 2) }, decimals: 2),
                    Cell(fit.model.startAngle.map { displayAngle($0, 2) }, decimals: 2), Cell(fit.model.endAngle.map { displayAngle($0, 2) }, decimals: 2),
                    Cell(m?.strokeEnd, decimals: 4), fit.model.state == .absent ? .empty : .double(fit.model.values.strokeEnd, decimals: 4),
                    Cell(fit.angleError, decimals: 2), Cell(fit.timingError.map { $0 * 1000 }, decimals: 1),
                    Cell(fit.timingErrorUncertainty.map { $0 * 1000 }, decimals: 1),
                    j == 0 ? .double(f.hitchTime * 1000, decimals: 1) : .empty,
                    j == 0 && !f.flags.isEmpty ? .string(f.flags.joined(separator: " ")) : .empty,
                ])
            }
        }
        report.tables.append(table)
        return report
    }

    public var json: JSONValue {
        let r = result
        guard case .object(var top) = InspectionReport(outcome.inspection).json else { return .null }
        top["schema"] = .string("strokescope-fit/1")
        top["warnings"] = .array(outcome.warnings.map { .string($0) })
        var variables = JSONObject([])
        for (k, v) in r.variables.sorted(by: { $0.key < $1.key }) { variables.append(k, .number(v, decimals: 9)) }
        var fit = JSONObject([
            ("phase", .number(r.phase, decimals: 9)), ("rate", .number(r.rate, decimals: 9)), ("ratePinned", .bool(r.ratePinned)),
            ("variables", .object(variables)),
            ("rmsTimingError", r.rmsTimingError.map { .number($0, decimals: 9) } ?? .null),
            ("maxTimingError", r.maxTimingError.map { .number($0, decimals: 9) } ?? .null),
            ("maxTimingErrorFrame", r.maxTimingErrorFrame.map { .int($0) } ?? .null),
            ("rmsAngleError", r.rmsAngleError.map { .number($0, decimals: 6) } ?? .null),
            ("maxAngleError", r.maxAngleError.map { .number($0, decimals: 6) } ?? .null),
            ("maxAngleErrorFrame", r.maxAngleErrorFrame.map { .int($0) } ?? .null),
            ("framesCompared", .int(r.framesCompared)),
            ("flagTiming", .number(r.flagTiming, decimals: 9)),
            ("hitchTimeRatio", .number(r.hitchTimeRatio, decimals: 6)),
            ("hitchBand", .string(r.hitchBand.rawValue)),
        ])
        if let found = r.rateDegeneracy {
            // Only when the rule applied (CLI-CONTRACT.md: fields may be added).
            fit.append("rateDegeneracy", .object(JSONObject([
                ("held", .bool(found.held)), ("heldRate", .number(found.heldRate, decimals: 9)),
                ("unheldRate", .number(found.unheldRate, decimals: 9)),
                ("variables", .array(found.variables.map { .string($0) })), ("note", .string(found.note)),
            ])))
        }
        fit.append("parameters", .array(r.parameters.map { p in
            .object(JSONObject([("name", .string(p.name)), ("value", .number(p.value, decimals: 9)),
                                ("standardError", p.standardError.map { .number($0, decimals: 9) } ?? .null),
                                ("determined", .bool(p.determined))]))
        }))
        top["timing"] = .object(JSONObject([("source", .string(r.timeBase.source.rawValue)),
                                            ("interval", .number(r.timeBase.interval, decimals: 9)),
                                            ("note", .string(r.timeBase.note))]))
        top["fit"] = .object(fit)
        top["verdict"] = .object(JSONObject([("pass", .bool(failures.isEmpty)), ("thresholds", thresholds.json),
                                             ("failures", .array(failures.map { .string($0) }))]))
        let inspectFrames = top["frames"]?.arrayValue ?? []
        top["frames"] = .array(r.frames.enumerated().map { i, f in
            var o = inspectFrames.indices.contains(i) ? (inspectFrames[i].objectValue ?? JSONObject([])) : JSONObject([])
            // On the fit's time base (the recording's clock when it found one).
            o["time"] = .number(f.time, decimals: 6)
            o["delay"] = .number(f.delay, decimals: 6)
            o["modelTime"] = .number(f.modelTime, decimals: 9)
            let measured = o["layers"]?.arrayValue ?? []
            o["layers"] = .array(r.model.layers.enumerated().map { j, layer in
                var l = measured.first { $0["name"]?.stringValue == layer.name }?.objectValue ?? JSONObject([("name", .string(layer.name))])
                let fit = f.layers[j]
                let p = fit.model
                var model = JSONObject([("state", .string(p.state.rawValue))])
                if p.state != .absent {
                    model.append("strokeStart", .number(p.values.strokeStart, decimals: 9))
                    model.append("strokeEnd", .number(p.values.strokeEnd, decimals: 9))
                }
                if let a = p.startAngle { model.append("startAngle", .number(displayAngle(a, 6), decimals: 6)) }
                if let a = p.endAngle { model.append("endAngle", .number(displayAngle(a, 6), decimals: 6)) }
                l["model"] = .object(model)
                l["angleError"] = fit.angleError.map { .number($0, decimals: 6) } ?? .null
                if let e = fit.strokeEndError { l["strokeEndError"] = .number(e, decimals: 6) }
                l["timingError"] = fit.timingError.map { .number($0, decimals: 9) } ?? .null
                l["timingErrorUncertainty"] = fit.timingErrorUncertainty.map { .number($0, decimals: 9) } ?? .null
                return .object(l)
            })
            o["hitchTime"] = .number(f.hitchTime, decimals: 9)
            o["flags"] = .array(f.flags.map { .string($0) })
            return .object(o)
        })
        return .object(top)
    }
}

extension Thresholds {
    /// The thresholds as the `verdict` of the fit JSON gives them (seconds, degrees, a fraction).
    var json: JSONValue {
        var o = JSONObject([])
        if let v = maxTimingError { o.append("maxTimingError", .number(v, decimals: 6)) }
        if let v = maxRMSTimingError { o.append("maxRmsTimingError", .number(v, decimals: 6)) }
        if let v = maxAngleError { o.append("maxAngleError", .number(v, decimals: 6)) }
        if let v = maxRateError { o.append("maxRateError", .number(v, decimals: 6)) }
        if let v = maxHitchTimeRatio { o.append("maxHitchTimeRatio", .number(v, decimals: 6)) }
        return .object(o)
    }
}
