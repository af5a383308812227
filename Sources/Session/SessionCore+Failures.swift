import Controls

/// Failures of the item: mpv's, and reel's own stops, remembered and said alike.
extension SessionCore {
    /// mpv's end-file with an error: the failure is remembered and said (when another item
    /// follows), and the machine passes over the item.
    mutating func failed(mpvReason: String, isRefusal: Bool, now: Seconds) -> [Command] {
        let reason = refusal ?? mpvReason
        // A refusal is said by the notice that counts the entries left out.
        let said = refusal == nil ? isRefusal : refusalIsLeftOut
        refusal = nil
        refusalIsLeftOut = false
        return failure(reason, noticed: !said, now: now)
    }

    /// The current item failed for `reason`: the failure is remembered, said when another item
    /// follows (and `noticed`), and the machine passes over the item.
    mutating func failure(_ reason: String, noticed: Bool, now: Seconds) -> [Command] {
        var commands: [Command] = []
        if let item = machine.currentItem, item < machine.itemCount {
            commands.append(.recordFailure(item: item, reason: reason))
            if machine.item(after: item) != nil, machine.itemCount > 1, noticed {
                commands.append(.notice(.couldNotPlay(item: item, reason: reason)))
            }
        }
        return commands + run(machine.event(.failed(reason: reason), now: now))
    }
}
