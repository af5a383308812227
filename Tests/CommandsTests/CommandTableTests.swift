import Controls
import Terminal
import Testing
@testable import Commands

@Suite("The table of commands")
struct CommandTableTests {
    @Test("commands read and write their text form, like mpv's input.conf", arguments: [
        "cycle pause", "seek 10", "seek -10", "seek 50 absolute-percent", "seek 0 absolute", "add volume 5",
        "add volume -5", "cycle mute", "frame-step", "frame-back-step", "cycle controls", "help", "close", "quit",
        "interrupt", "suspend", "redraw", "cycle sub", "cycle sub down", "cycle sub-visibility", "cycle audio",
        "cycle audio down", "add sub-delay -0.1", "add audio-delay 0.1", "sub-seek 1", "sub-seek -1", "add chapter 1",
        "add chapter -1", "playlist-next", "playlist-prev", "cycle loop-file", "cycle loop-playlist", "cycle shuffle", "speed-step -1", "set speed 1.5",
        "tracks-menu", "cycle remaining", "poster", "play", "list-move 1", "list-page -1", "list-first", "list-last",
        "filter", "filter-accept", "filter-erase", "filter-clear", "forget", "forget-undo", "forget-all", "ignore", "double-tap back", "double-tap forward", "skip back", "skip forward",
    ])
    func roundTrip(text: String) throws {
        let command = try Command(parsing: text)
        #expect(command.text == text)
    }

    @Test("bad commands say why", arguments: [
        ("", CommandParseError.empty), ("jump 5", .unknown("jump")), ("seek", .missingArgument("seek")),
        ("seek ten", .badArgument("seek", "ten")), ("quit now", .extraArguments("quit")),
        ("cycle wibble", .badArgument("cycle", "wibble")), ("seek 120 absolute-percent", .badArgument("seek", "120")),
        ("add volume", .missingArgument("add")), ("set speed 0", .badArgument("set", "0")),
    ])
    func errors(text: String, error: CommandParseError) {
        #expect(throws: error) { try Command(parsing: text) }
    }

    @Test("key names read as mpv writes them, in any case for names", arguments: [
        ("SPACE", KeyEvent(.character(" "))), ("space", KeyEvent(.character(" "))), ("ctrl+up", KeyEvent(.up, .ctrl)),
        ("Ctrl+LEFT", KeyEvent(.left, .ctrl)), ("PGDWN", KeyEvent(.pageDown)), ("pgdn", KeyEvent(.pageDown)),
        ("Z", KeyEvent(.character("Z"))), ("+", KeyEvent(.character("+"))), ("alt+x", KeyEvent(.character("x"), .alt)),
        ("F5", KeyEvent(.function(5))), ("BS", KeyEvent(.backspace)), ("Ctrl+c", KeyEvent(.character("c"), .ctrl)),
        ("ctrl+C", KeyEvent(.character("c"), .ctrl)), ("shift+a", KeyEvent(.character("a"))),
    ])
    func keyNames(name: String, expected: KeyEvent) {
        #expect(KeyName.parse(name) == expected)
    }

    @Test("names that are no key are refused", arguments: ["", "ctrl+", "hyper+a", "F13", "NOPE", "ab"])
    func badKeyNames(name: String) {
        #expect(KeyName.parse(name) == nil)
    }

    @Test("every default key runs its command on its screens only")
    func lookups() {
        let table = CommandTable.standard(seekInterval: 10)
        #expect(table.command(for: KeyEvent(.character(" ")), on: .player) == .cyclePause)
        #expect(table.command(for: KeyEvent(.character(" ")), on: .list) == .listPage(1))
        #expect(table.command(for: KeyEvent(.character(" ")), on: .poster) == .play)
        #expect(table.command(for: KeyEvent(.character("l")), on: .player) == .skip(.forward))
        #expect(table.command(for: KeyEvent(.character("7")), on: .player) == .seek(70, .absolutePercent))
        #expect(table.command(for: KeyEvent(.pageUp), on: .player) == .addChapter(-1))
        #expect(table.command(for: KeyEvent(.pageUp), on: .list) == .listPage(-1))
        #expect(table.command(for: KeyEvent(.left, .ctrl), on: .player) == .subtitleSeek(-1))
        #expect(table.command(for: KeyEvent(.character(">"), .shift), on: .player) == .playlistNext, "Shift is in the character")
        #expect(table.command(for: KeyEvent(.character("c"), .ctrl), on: .list) == .interrupt)
        #expect(table.command(for: KeyEvent(.character("?")), on: .list) == .help)
        #expect(table.command(for: KeyEvent(.character("w")), on: .player) == nil)
        #expect(table.command(for: KeyEvent(.character("p")), on: .player) == nil)
    }

    @Test("a user binding replaces what the key did, and ignore unbinds it; the help shows both")
    func userBindings() throws {
        var table = CommandTable.standard()
        table.bind(KeyEvent(.up, .ctrl), to: try Command(parsing: "seek 60"))
        table.bind(KeyEvent(.character("s")), to: .ignore)
        table.bind(KeyEvent(.character("j")), to: .seek(-5, .relative))
        #expect(table.command(for: KeyEvent(.up, .ctrl), on: .player) == .seek(60, .relative))
        #expect(table.command(for: KeyEvent(.character("s")), on: .player) == nil)
        #expect(table.command(for: KeyEvent(.character("j")), on: .player) == .seek(-5, .relative))
        #expect(table.command(for: KeyEvent(.character("j")), on: .list) == .listMove(1), "player bindings leave the list alone")
        let help = table.helpRows(for: .player)
        #expect(help.contains { $0.keys == "Ctrl+↑" && $0.help == "seek 60" })
        #expect(help.contains { $0.keys == "l" }, "l keeps its row once j is rebound")
        #expect(!help.contains { $0.keys == "s" })
    }

    @Test("a key bound twice in one mode of a screen is a mistake the table never makes")
    func noDuplicates() {
        let table = CommandTable.standard()
        for screen in ScreenKind.allCases {
            for mode in KeyMode.allCases {
                var seen = Set<KeyEvent>()
                for row in table.rows where row.screens.contains(screen) && row.modes.contains(mode) {
                    for entry in row.entries {
                        for key in entry.keys {
                            #expect(seen.insert(key).inserted, "\(KeyName.name(key)) twice on \(screen) in \(mode)")
                        }
                    }
                }
            }
        }
    }

    @Test("the tracks menu, the filter and Up next are modes of the table, with rows of their own")
    func modes() {
        let table = CommandTable.standard()
        func command(_ key: KeyEvent, _ screen: ScreenKind, _ mode: KeyMode) -> Command? {
            table.command(for: key, on: screen, in: mode)
        }
        #expect(command(KeyEvent(.character("j")), .player, .tracksMenu) == .listMove(1))
        #expect(command(KeyEvent(.home), .player, .tracksMenu) == .listFirst)
        #expect(command(KeyEvent(.enter), .player, .tracksMenu) == .play)
        #expect(command(KeyEvent(.character("t")), .player, .tracksMenu) == .close)
        #expect(command(KeyEvent(.character("l")), .player, .tracksMenu) == nil, "the player's keys rest while the menu is open")
        #expect(command(KeyEvent(.enter), .player, .upNext) == .play)
        #expect(command(KeyEvent(.character("l")), .player, .upNext) == .skip(.forward), "Up next keeps the player's keys")
        #expect(command(KeyEvent(.enter), .player, .commands) == nil)
        #expect(command(KeyEvent(.enter), .list, .filter) == .filterAccept)
        #expect(command(KeyEvent(.backspace), .list, .filter) == .filterErase)
        #expect(command(KeyEvent(.character("u"), .ctrl), .list, .filter) == .filterClear)
        #expect(command(KeyEvent(.escape), .list, .filter) == .close)
        #expect(command(KeyEvent(.character("j")), .list, .filter) == nil, "j is text in the filter")
        #expect(command(KeyEvent(.character("q")), .list, .filter) == nil, "q is text in the filter")
        #expect(table.modes(of: .player) == [.upNext, .help, .tracksMenu, .filter] && table.modes(of: .list) == [.help, .filter])
    }

    @Test("a user binding changes the screen's commands and leaves the modes' rows alone")
    func bindingsKeepModes() {
        var table = CommandTable.standard()
        table.bind(KeyEvent(.character("j")), to: .seek(-5, .relative))
        table.bind(KeyEvent(.enter), to: .cycleMute)
        #expect(table.command(for: KeyEvent(.character("j")), on: .player, in: .tracksMenu) == .listMove(1))
        #expect(table.command(for: KeyEvent(.enter), on: .player) == .cycleMute)
        #expect(table.command(for: KeyEvent(.enter), on: .list, in: .filter) == .filterAccept)
    }

    @Test("every command of the table is one row of the grammar, whose text reads back as the command")
    func everyCommandHasItsRow() throws {
        let table = CommandTable.standard()
        for command in table.rows.flatMap({ $0.entries.map(\.command) }) + [.ignore, .cycleSubtitles(forward: false)] {
            #expect(command.form != nil, "\(command) has no row")
            #expect(try Command(parsing: command.text) == command)
        }
    }
}
