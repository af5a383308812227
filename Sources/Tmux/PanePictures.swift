import Options
import System
import Graphics
import Terminal

/// Keeps reel's picture inside tmux only where its pane is shown: feeds the ``PaneWatcher``'s
/// answers to a ``PaneWatch`` and carries out what it says on the ``FrameRenderer`` (hide, draw
/// again, move), writing the picture's delete straight to the terminals of the clients that no
/// longer show the pane (``ClientTerminal``).
///
/// Made only when reel draws pixels inside tmux; until tmux's first answer no image is sent.
public final class PanePictures {
    private let watcher: PaneWatcher
    /// The engine, for the figures and the tests.
    public private(set) var watch = PaneWatch()
    /// Writes bytes to a client's terminal (replaced in tests).
    private let writeToTerminal: ([UInt8], String) -> Void
    /// The deletes written since the engine last had no clear to write again: written again
    /// with its clears (``PaneWatch/tick(now:)``), for an image tmux delivered after them.
    private var deletesToRepeat: [UInt8] = []

    /// Follows `watcher`'s answers (``PaneWatcher/start(environment:clock:ask:)``), holding
    /// `renderer`'s images back until tmux answers; nil without a watcher (outside tmux).
    public init?(watcher: PaneWatcher?, renderer: inout FrameRenderer,
                 writeToTerminal: @escaping ([UInt8], String) -> Void = { ClientTerminal.write($0, toTerminalAt: $1) }) {
        guard let watcher else { return nil }
        self.watcher = watcher
        self.writeToTerminal = writeToTerminal
        _ = renderer.hidePictures()
    }

    /// The descriptor the loop polls: readable when tmux has answered.
    public var wakeDescriptor: Int32 { watcher.wakeDescriptor }

    /// Takes tmux's answers into account, and writes the deletes due again by `now`; true when
    /// the screen must be drawn again (the picture was hidden, moved or is to be drawn again).
    public func follow(_ renderer: inout FrameRenderer, now: Double) -> Bool {
        var changed = false
        for (event, at) in watcher.take() {
            changed = apply(watch.event(event, now: at), to: &renderer) || changed
        }
        let again = watch.tick(now: now)
        if !again.clearTerminals.isEmpty {
            write(deletesToRepeat, to: again.clearTerminals)
            TraceLog.shared?.record("pane clear again")
        }
        if watch.reclears.isEmpty { deletesToRepeat.removeAll() }
        watcher.setInterval(watch.pollInterval)
        return changed
    }

    /// When a delete is due to be written again (``PaneWatch/nextDeadline``).
    public var nextDeadline: Double? { watch.nextDeadline }

    /// Carries out `action` on `renderer`; true when the picture changed.
    private func apply(_ action: PaneWatch.Action, to renderer: inout FrameRenderer) -> Bool {
        switch action.picture {
        case .keep:
            clear(renderer.pictureDeletes, on: action.clearTerminals)
            return false
        case .hide:
            clear(renderer.hidePictures(), on: action.clearTerminals)
            TraceLog.shared?.record("pane hide")
        case .draw(let origin):
            if !action.clearTerminals.isEmpty { clear(renderer.hidePictures(), on: action.clearTerminals) }
            renderer.paneOrigin = origin
            renderer.showPictures()
            TraceLog.shared?.record("pane draw \(origin.column) \(origin.row)")
        }
        return true
    }

    private func write(_ bytes: [UInt8], to terminals: [String]) {
        guard !bytes.isEmpty, !terminals.isEmpty else { return }
        for terminal in terminals { writeToTerminal(bytes, terminal) }
    }

    /// Writes a first delete (`bytes`) to `terminals`, and keeps it to write again.
    private func clear(_ bytes: [UInt8], on terminals: [String]) {
        guard !terminals.isEmpty else { return }
        write(bytes, to: terminals)
        deletesToRepeat += bytes
    }

    /// Stops asking tmux.
    public func stop() { watcher.stop() }
}
