/// The explanation as JSON: the keys of `scene-router route --explain --format json`
/// records (a candidate's matched condition is flattened into it).
extension RoutingExplanation: Encodable {
    private enum CodingKeys: String, CodingKey { case candidates, considered, declarations, tieBreak }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(considered, forKey: .considered)
        try container.encode(declarations, forKey: .declarations)
        try container.encode(tieBreak.rawValue, forKey: .tieBreak)
    }
}

extension RoutingExplanation.Candidate: Encodable {
    private enum CodingKeys: String, CodingKey {
        case session, declaration, score, condition, predicate, decidedBy, source, state, lastActive, position
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessionID, forKey: .session)
        try container.encode(declaration, forKey: .declaration)
        try container.encodeIfPresent(score, forKey: .score)
        try container.encodeIfPresent(matched?.condition.rawValue, forKey: .condition)
        try container.encodeIfPresent(matched?.predicate, forKey: .predicate)
        try container.encodeIfPresent(matched?.decidedBy, forKey: .decidedBy)
        try container.encodeIfPresent(matched?.source?.description, forKey: .source)
        try container.encode(state.rawValue, forKey: .state)
        try container.encode(lastActive, forKey: .lastActive)
        try container.encode(position, forKey: .position)
    }
}

extension RoutingExplanation.DeclarationCheck: Encodable {
    private enum CodingKeys: String, CodingKey { case name, matching, matched, source }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(matching, forKey: .matching) // null: a default declaration
        try container.encode(matched, forKey: .matched) // null: not evaluated
        try container.encodeIfPresent(source?.description, forKey: .source)
    }
}
