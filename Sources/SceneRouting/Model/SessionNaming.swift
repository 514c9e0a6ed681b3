/// How replay names the sessions it opens, one rule for the table and for the reference
/// replayer so that the two cannot drift apart.
enum SessionNaming {
    /// The next `new-k` for a created session: k counts up from the last one handed out,
    /// skipping ids in use, so every k is tried once over a whole replay (O(1) amortised).
    static func nextCreated(after creations: inout Int, isOpen: (String) -> Bool) -> String {
        repeat { creations += 1 } while isOpen("new-\(creations)")
        return "new-\(creations)"
    }

    /// `Compose-1`, `Compose-2`, …: the first id of that form not in use, for a timeline's
    /// `open` that names no id.
    static func firstFree(for declaration: String, isOpen: (String) -> Bool) -> String {
        var index = 1
        while isOpen("\(declaration)-\(index)") { index += 1 }
        return "\(declaration)-\(index)"
    }
}
