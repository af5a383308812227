import CMpv

/// The libmpv reel runs on, read from the library at run time: mpv's version and the version of
/// its client API.
public struct LibmpvVersion: Sendable, Equatable, CustomStringConvertible {
    /// The client API's major and minor version (`mpv_client_api_version()`), such as 2.0.
    public var clientAPI: (major: Int, minor: Int)
    /// mpv's own version, such as `0.35.1`; nil when the library could not say.
    public var mpv: String?

    public init(clientAPI: (major: Int, minor: Int), mpv: String?) {
        self.clientAPI = clientAPI
        self.mpv = mpv
    }

    /// The version of the libmpv loaded now. mpv answers `mpv-version` only once a core is
    /// initialized, so this starts a short-lived core with no video and no sound (about 0.1 s).
    public static func current() -> LibmpvVersion {
        let packed = mpv_client_api_version()
        let api = (major: Int(packed >> 16), minor: Int(packed & 0xFFFF))
        var configuration = PlayerConfiguration()
        configuration.video = false
        configuration.audio = false
        let reported = (try? MpvPlayer(configuration: configuration))?.handle.string("mpv-version")
        return LibmpvVersion(clientAPI: api, mpv: reported.map(Self.versionNumber))
    }

    /// `mpv 0.35.1` → `0.35.1`; anything else is kept as it is.
    static func versionNumber(_ reported: String) -> String {
        reported.hasPrefix("mpv ") ? String(reported.dropFirst(4)) : reported
    }

    /// `libmpv 0.35.1, client API 2.0`.
    public var description: String {
        "libmpv \(mpv ?? "(version unknown)"), client API \(clientAPI.major).\(clientAPI.minor)"
    }

    public static func == (lhs: LibmpvVersion, rhs: LibmpvVersion) -> Bool {
        lhs.clientAPI == rhs.clientAPI && lhs.mpv == rhs.mpv
    }
}
