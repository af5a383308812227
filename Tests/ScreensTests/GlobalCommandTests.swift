@testable import Commands
import Terminal
import Testing
@testable import Screens

/// Help, quit, interrupt, suspend and redraw: decided once, above the screens, from the table
/// and the mode the screen on top is in.
@Suite("Global commands")
struct GlobalCommandTests {
    static let table = CommandTable.standard()
    static let q = KeyEvent(.character("q")), help = KeyEvent(.character("?")), j = KeyEvent(.character("j"))
    static let ctrlC = KeyEvent(.character("c"), .ctrl), ctrlZ = KeyEvent(.character("z"), .ctrl)
    static let ctrlL = KeyEvent(.character("l"), .ctrl)

    static func route(_ key: KeyEvent, _ screen: ScreenKind, _ mode: KeyMode, table: CommandTable = table) -> GlobalCommand? {
        GlobalCommand.route(key, commands: table, screen: screen, mode: mode)
    }

    @Test("q, ?, Ctrl-C, Ctrl-Z and Ctrl-L do the same on every screen; other keys are the screen's",
          arguments: ScreenKind.allCases)
    func everyScreen(screen: ScreenKind) {
        #expect(Self.route(Self.q, screen, .commands) == .quit)
        #expect(Self.route(KeyEvent(.character("Q")), screen, .commands) == .quit)
        #expect(Self.route(Self.help, screen, .commands) == .showHelp)
        #expect(Self.route(Self.ctrlC, screen, .commands) == .interrupt)
        #expect(Self.route(Self.ctrlZ, screen, .commands) == .suspend)
        #expect(Self.route(Self.ctrlL, screen, .commands) == .redraw)
        #expect(Self.route(Self.j, screen, .commands) == nil)
        #expect(Self.route(KeyEvent(.escape), screen, .commands) == nil, "close is the screen's: the innermost thing first")
    }

    @Test("over the help any key closes it; q still quits and the Ctrl keys still work", arguments: ScreenKind.allCases)
    func overTheHelp(screen: ScreenKind) {
        #expect(Self.route(Self.j, screen, .help) == .closeHelp)
        #expect(Self.route(KeyEvent(.escape), screen, .help) == .closeHelp)
        #expect(Self.route(Self.help, screen, .help) == .closeHelp)
        #expect(Self.route(Self.q, screen, .help) == .quit)
        #expect(Self.route(Self.ctrlC, screen, .help) == .interrupt)
        #expect(Self.route(Self.ctrlL, screen, .help) == .redraw)
    }

    @Test("typing the filter or answering a question, only the Ctrl keys are global", arguments: [KeyMode.filter, .question])
    func typing(mode: KeyMode) {
        #expect(Self.route(Self.q, .list, mode) == nil)
        #expect(Self.route(Self.help, .list, mode) == nil)
        #expect(Self.route(Self.ctrlC, .list, mode) == .interrupt)
        #expect(Self.route(Self.ctrlZ, .list, mode) == .suspend)
        #expect(Self.route(Self.ctrlL, .list, mode) == .redraw)
    }

    @Test("in the tracks menu q quits and ? does nothing; while Up next counts down, all of them work")
    func playerModes() {
        #expect(Self.route(Self.q, .player, .tracksMenu) == .quit)
        #expect(Self.route(Self.help, .player, .tracksMenu) == nil)
        #expect(Self.route(Self.ctrlC, .player, .tracksMenu) == .interrupt)
        #expect(Self.route(Self.help, .player, .upNext) == .showHelp)
        #expect(Self.route(Self.q, .player, .upNext) == .quit)
    }

    @Test("a key bound to a global command in reel.conf is global in that command's modes")
    func bound() {
        var table = Self.table
        table.bind(KeyEvent(.character("w")), to: .quit)
        table.bind(KeyEvent(.character("r"), .ctrl), to: .redraw)
        table.bind(Self.q, to: .ignore)
        #expect(Self.route(KeyEvent(.character("w")), .player, .commands, table: table) == .quit)
        #expect(Self.route(KeyEvent(.character("w")), .list, .help, table: table) == .quit)
        #expect(Self.route(KeyEvent(.character("w")), .list, .filter, table: table) == nil)
        #expect(Self.route(KeyEvent(.character("r"), .ctrl), .list, .filter, table: table) == .redraw)
        #expect(Self.route(Self.q, .poster, .commands, table: table) == nil)
    }

    @Test("commands from outside the terminal that are global are the same global commands")
    func outside() {
        #expect(GlobalCommand(.quit) == .quit && GlobalCommand(.help) == .showHelp)
        #expect(GlobalCommand(.interrupt) == .interrupt && GlobalCommand(.suspend) == .suspend && GlobalCommand(.redraw) == .redraw)
        #expect(GlobalCommand(.cyclePause) == nil && GlobalCommand(.close) == nil)
    }

    @Test("each screen says its mode: the list's filter and question, the player's menu, the poster's help")
    func screensSayTheirMode() {
        var list = LibraryScreenTests.screen()
        #expect(list.keyMode == .commands)
        _ = list.handle(.key(KeyEvent(.character("/"))), now: 1)
        #expect(list.keyMode == .filter)
        _ = list.handle(.key(KeyEvent(.enter)), now: 2)
        #expect(list.keyMode == .commands)
        list.setHelpShown(true)
        #expect(list.keyMode == .help)
        var player = PlayerScreenTests.screen()
        _ = player.handle(.key(KeyEvent(.character("t"))), now: 1)
        #expect(player.keyMode == .tracksMenu)
        _ = player.handle(.key(KeyEvent(.escape)), now: 2)
        #expect(player.keyMode == .commands)
        var poster = PosterScreenTests.screen()
        poster.setHelpShown(true)
        #expect(poster.keyMode == .help)
    }
}
