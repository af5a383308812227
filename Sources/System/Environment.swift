import Glibc

/// The process's environment, and the XDG base directories it names.
public enum Environment {
    /// The whole environment as a dictionary, each value kept byte for byte
    /// (``FilePath/text``): `$HOME` and its kind are paths.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = FilePath(cString: pointer).text
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// One variable (`getenv`), byte for byte; nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { FilePath(cString: $0).text }
    }
}

/// An XDG base directory, where reel keeps one kind of file in a folder `reel` of its own.
///
/// The one rule for all of them: `$XDG_…_HOME` when it is an absolute path, else the default
/// below `$HOME` when that is, else nothing (a relative value is ignored, as the XDG
/// specification says).
public enum XDGDirectory: Sendable, CaseIterable {
    /// `$XDG_CONFIG_HOME`, default `~/.config`: reel.conf.
    case config
    /// `$XDG_STATE_HOME`, default `~/.local/state`: the resume records.
    case state
    /// `$XDG_CACHE_HOME`, default `~/.cache`: thumbnails and cover art.
    case cache

    /// The variable that names it.
    public var variable: String {
        switch self {
        case .config: "XDG_CONFIG_HOME"
        case .state: "XDG_STATE_HOME"
        case .cache: "XDG_CACHE_HOME"
        }
    }

    /// Its place below `$HOME` when the variable is unset.
    public var defaultBelowHome: FilePath {
        switch self {
        case .config: ".config"
        case .state: ".local/state"
        case .cache: ".cache"
        }
    }

    /// The base directory `environment` gives, or nil when neither the variable nor `HOME` is an
    /// absolute path.
    public func base(environment: [String: String]) -> FilePath? {
        if let base = environment[variable].map({ FilePath($0) }), base.isAbsolute { return base }
        if let home = environment["HOME"].map({ FilePath($0) }), home.isAbsolute { return home.appending(defaultBelowHome) }
        return nil
    }

    /// `relative` inside reel's own folder of the base directory: `base/reel/relative`.
    public func reelPath(_ relative: FilePath, environment: [String: String]) -> FilePath? {
        base(environment: environment)?.appending("reel").appending(relative)
    }
}
