package import SceneRouting

extension RegexSetRouter {
    /// The peer engines this build can run, by the name `bench --engines` takes.
    package static var availableEngines: [String] {
        var engines: [String] = []
        #if Hyperscan
        if HyperscanSet.isSupported { engines.append("hyperscan") }
        #endif
        #if RE2
        engines.append("re2set")
        #endif
        return engines
    }

    /// A router over `app`'s conditions with the engine named `engine` (one of
    /// ``availableEngines``).
    /// - Throws: ``PeerCompileError`` when the engine refuses the conditions.
    package convenience init(engine: String, app: SceneApp) throws(PeerCompileError) {
        switch engine {
        #if Hyperscan
        case "hyperscan":
            try self.init(engine: engine, app: app) { (expressions) throws(PeerCompileError) in
                try HyperscanSet(expressions: expressions)
            }
        #endif
        #if RE2
        case "re2set":
            try self.init(engine: engine, app: app) { (expressions) throws(PeerCompileError) in
                try RE2Set(expressions: expressions)
            }
        #endif
        default:
            throw PeerCompileError(engine: engine, expression: nil, message: "this build has no such engine")
        }
    }
}
