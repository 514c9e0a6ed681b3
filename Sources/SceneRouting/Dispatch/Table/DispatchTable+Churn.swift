/// Sessions opening, closing and changing, and events delivered (the routed session becomes
/// the key window): each absorbed in place, in time that depends on the session's groups,
/// not on the number of sessions.
extension DispatchTable {
    /// Appends a session.
    /// - Complexity: O(log n) plus compiling its predicates if no session shares them.
    func open(_ session: SceneSession) throws(SceneAppError) {
        guard !slotByID.contains(session.id) else { throw .duplicateSessionID(session.id) }
        var session = session
        session.bindTemplates(bundleIdentifier: bundleIdentifier)
        guard let declaration = declarationNames.position(of: session.declaration) else {
            throw .unknownDeclaration(sessionID: session.id, declaration: session.declaration)
        }
        let slot: Int32
        let record = SessionSlot(
            session, sequence: nextSequence, declaration: declaration, role: roles.intern(session.role))
        nextSequence += 1
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(slot)] = record
        } else {
            slot = Int32(slots.count)
            slots.append(record)
            prefer.coverSlots(slots.count)
            can.coverSlots(slots.count)
        }
        slotByID.insert(slot)
        if !session.values.isEmpty || !session.templates.isEmpty {
            sessionValues[slot] = (session.values, session.templates)
        }
        if !session.assumptions.isEmpty { assumedBySlot[slot] = session.assumptions }
        if session.role.receivesEvents {
            enroll(slot, session.conditions)
        } else {
            unenrolledConditions[slot] = session.conditions
        }
        noteState(of: slot)
    }

    /// Removes a session.
    func close(_ id: String) throws(SceneAppError) {
        guard let slot = slotByID.remove(id) else { throw .unknownSession(id) }
        if slots[Int(slot)].receivesEvents { withdraw(slot) } else { unenrolledConditions[slot] = nil }
        sessionValues[slot] = nil
        assumedBySlot[slot] = nil
        keyWindows.remove(slot)
        if slots[Int(slot)].lastActive == newestLastActive { newestLastActive = nil }
        slots[Int(slot)].sequence = -1
        freeSlots.append(slot)
    }

    /// Applies an update in place.
    func update(_ update: SessionUpdate) throws(SceneAppError) {
        guard let slot = slotByID.slot(of: update.id) else { throw .unknownSession(update.id) }
        let wasWindow = slots[Int(slot)].receivesEvents
        if let lastActive = update.lastActive, slots[Int(slot)].lastActive == newestLastActive,
            lastActive < slots[Int(slot)].lastActive
        {
            newestLastActive = nil
        }
        let conditionsChange = update.changesConditions
        // Read before withdrawing: a window's conditions are its tiers' groups. An update that
        // only moves a window in the tie-break order leaves them there, unread: putting a
        // group's predicate together (compiling one kept as text) would cost more than the
        // update.
        let needsConditions = !wasWindow || conditionsChange || update.role != nil
        var session = session(in: Int(slot), conditions: needsConditions ? nil : .defaults(for: framework))
        update.apply(to: &session)
        if conditionsChange {
            session.bindTemplates(bundleIdentifier: bundleIdentifier)
            sessionValues[slot] =
                session.values.isEmpty && session.templates.isEmpty ? nil : (session.values, session.templates)
            assumedBySlot[slot] = session.assumptions.isEmpty ? nil : session.assumptions
        }
        if wasWindow && (conditionsChange || update.role != nil) { withdraw(slot) }
        store(session, in: Int(slot))
        let isWindow = slots[Int(slot)].receivesEvents
        if !isWindow {
            unenrolledConditions[slot] = session.conditions
        } else if !wasWindow {
            unenrolledConditions[slot] = nil
            enroll(slot, session.conditions)
        } else if conditionsChange || update.role != nil {
            enroll(slot, session.conditions)
        } else {
            // Only the rank changed: restore heap order in place.
            reposition(slot)
        }
        noteState(of: slot)
    }

    /// Writes `session`, the one in slot `index` as an update (``SessionUpdate/apply(to:)``,
    /// so what an update changes is defined once) left it, back to that slot; it keeps its
    /// place in the list and heap.
    private func store(_ session: SceneSession, in index: Int) {
        var updated = SessionSlot(
            session, sequence: slots[index].sequence, declaration: slots[index].declaration,
            role: roles.intern(session.role))
        updated.globalPosition = slots[index].globalPosition
        slots[index] = updated
    }

    /// Makes the session `id` the key window: the only foregroundActive window, with the
    /// newest `lastActive`; the window that was key becomes foregroundInactive. Nothing
    /// happens if no session has that id.
    func makeKey(sessionID id: String) {
        if let slot = slotByID.slot(of: id) { makeKey(slot) }
    }

    /// Opens a session of declaration `name` (which must be one of ``declarations``) with
    /// its initial conditions, named `new-k` for the first k not in use, and returns its id.
    func openNewSession(of name: String) -> String {
        let id = SessionNaming.nextCreated(after: &creations) { slotByID.contains($0) }
        let declaration = declarations.first { $0.name == name }
        let session =
            declaration?.newSession(id: id, framework: framework)
            ?? SceneSession(id: id, declaration: name, conditions: .defaults(for: framework))
        do {
            try open(session)
        } catch {
            preconditionFailure("a free id and a known declaration cannot be refused: \(error)")
        }
        return id
    }

    /// `Compose-1`, `Compose-2`, …: the first id of that form not in use, for a timeline's
    /// `open` that names no id.
    func firstFreeID(for declaration: String) -> String {
        SessionNaming.firstFree(for: declaration) { slotByID.contains($0) }
    }

    private func makeKey(_ slot: Int32) {
        let latest: Int
        if let newest = newestLastActive {
            latest = newest
        } else {
            latest = slots.withElements { $0.lazy.filter(\.isLive).map(\.lastActive).max() } ?? 0
            newestLastActive = latest
        }
        // Saturates: a session built through the library may already hold Int.max, and the key
        // window still ranks first, being the only foregroundActive one.
        let newest = latest == .max ? latest : latest + 1
        for other in keyWindows where other != slot {
            try? update(SessionUpdate(id: slots[Int(other)].id, state: .foregroundInactive))
        }
        try? update(SessionUpdate(id: slots[Int(slot)].id, state: .foregroundActive, lastActive: newest))
    }

    private func enroll(_ slot: Int32, _ conditions: ActivationConditions) {
        pushToGlobalHeap(slot)
        enroll(slot, in: prefer, predicate: conditions.prefersToActivate)
        enroll(slot, in: can, predicate: conditions.canActivate)
    }

    /// Adds the window in `slot` to the global heap, keeping each window's position in its slot.
    func pushToGlobalHeap(_ slot: Int32) {
        IndexedHeap.push(
            slot, into: &globalHeap, before: { self.ranksBefore($0, $1) },
            moved: { self.slots[Int($0)].globalPosition = $1 })
    }

    func enroll(
        _ slot: Int32, in tier: PredicateTier, predicate: ActivationPredicate, preparation: GroupPreparation? = nil
    ) {
        tier.enroll(
            slot, predicate: predicate, preparation: preparation, order: { self.ranksBefore($0, $1) },
            rank: { self.rank($0) })
    }

    func withdraw(_ slot: Int32) {
        IndexedHeap.remove(
            at: Int(slots[Int(slot)].globalPosition), from: &globalHeap, before: { self.ranksBefore($0, $1) },
            moved: { self.slots[Int($0)].globalPosition = $1 })
        slots[Int(slot)].globalPosition = -1
        prefer.withdraw(slot, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
        can.withdraw(slot, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
    }

    private func reposition(_ slot: Int32) {
        let position = slots[Int(slot)].globalPosition
        guard position >= 0 else { return }
        IndexedHeap.restore(
            slot, at: Int(position), in: &globalHeap, before: { self.ranksBefore($0, $1) },
            moved: { self.slots[Int($0)].globalPosition = $1 })
        for tier in [prefer, can] {
            tier.reposition(slot, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
        }
    }

    /// Keeps ``keyWindows`` and ``newestLastActive`` current after `slot` was opened or changed.
    func noteState(of slot: Int32) {
        // Fields read in place: copying the session would retain and release all it holds.
        let index = Int(slot)
        if slots[index].state == .foregroundActive && slots[index].receivesEvents {
            keyWindows.insert(slot)
        } else if !keyWindows.isEmpty {
            keyWindows.remove(slot)
        }
        let lastActive = slots[index].lastActive
        if let newest = newestLastActive, lastActive > newest { newestLastActive = lastActive }
    }
}
