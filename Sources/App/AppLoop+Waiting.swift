import Controls
import System
import Terminal

/// The loop's wait: what it polls, and what its ``LoopScheduler`` is told to decide how long.
extension AppLoop {
    /// What the loop waits on before the next pass: the tty, the signal pipe, the session's and
    /// the scenes' descriptors, MPRIS's bus, and the tty's POLLOUT while a screen is being written;
    /// nil once a scene quit or none is left.
    func nextWait(now: Double) -> LoopWait? {
        guard exitCode == nil, let scene = top else { return nil }
        var entries = [
            PollEntry(session.fileDescriptor, events: .readable),
            PollEntry(session.signalDescriptor, events: .readable),
            PollEntry(playback.player.wakeupDescriptor, events: .readable),
        ]
        for descriptor in scene.wakeDescriptors + playback.screenshots.wakeDescriptors + (desktop?.wakeDescriptors ?? [])
            + [pane?.wakeDescriptor].compactMap({ $0 }) {
            entries.append(PollEntry(descriptor, events: .readable))
        }
        var outlook = outlook(scene, now: now, deadlines: [scene.nextDeadline(at: now), decoder.deadline,
                                                           playback.nextDeadline(now: now), renderer.acknowledgementDeadline,
                                                           pane?.nextDeadline, pacer.nextDeadline, nextPictureAllowed(now: now),
                                                           refineDeadline])
        if let desktop {
            let bus = desktop.pollEvents
            if bus.descriptor >= 0 { entries.append(PollEntry(bus.descriptor, events: bus.events)) }
            // Messages libdbus has read already are handled now, not after the next wake-up.
            outlook.workInHand = desktop.hasWork
        }
        if output.wantsWritable {
            entries.append(PollEntry(output.fileDescriptor, events: .writable))
        }
        return scheduler.wait(on: entries, outlook, now: now)
    }

    /// What the scheduler is told of `scene` and the terminal at `now`.
    func outlook(_ scene: Scene, now: Double, deadlines: [Double?] = []) -> LoopScheduler.Outlook {
        LoopScheduler.Outlook(output: outputState(now: now), sceneChanged: scene.needsDraw(at: now),
                              animating: scene.isAnimating(at: now), deadlines: deadlines)
    }

    /// Whether the terminal has taken the last screen: written, its images acknowledged, and
    /// answered for (``LinkPacer``). A key's effect does not wait for the answer to a screen of
    /// the controls: it goes behind at most one picture, and keys come at a person's pace.
    func outputState(now: Double) -> LoopScheduler.Output {
        LoopScheduler.Output(writing: !output.isIdle, awaitingAcknowledgement: renderer.holdsScreens(now: now),
                             awaitingPicture: !pacer.mayWritePicture || nextPictureAllowed(now: now) != nil,
                             awaitingControls: (!pacer.mayWriteControls || cutPictureAwaited) && !inputSinceScreen)
    }

    /// When the next picture may go under `--terminal-max-fps`; nil without a cap, or once it may.
    func nextPictureAllowed(now: Double) -> Double? {
        let cap = picturesPerSecondCap
        guard cap > 0 else { return nil }
        let next = lastPictureAt + 1 / cap
        return next > now ? next : nil
    }
}
