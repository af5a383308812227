/// How a URL is shown: without what must not appear on a screen or in a screenshot.
public enum DisplayURL {
    /// `url` without its user name and password, its query string and its fragment:
    /// `https://me:secret@host/a/b.mp4?token=x#t=10` shows as `https://host/a/b.mp4`.
    /// Text that is not a URL is returned as it is.
    public static func withoutSecrets(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return url }
        let restStart = url.index(colon, offsetBy: 3)
        let scheme = url[..<restStart]
        var rest = url[restStart...]
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return String(scheme) + authority + rest[authorityEnd...]
    }

    /// The last part of `url`'s path, or its host when the path has none, with no user, password,
    /// query or fragment: `v.mp4` for `https://me:secret@host/a/v.mp4?token=x`, `host:8080` for
    /// `http://me:secret@host:8080/`; `isHost` says which it is.
    public static func lastPart(of url: String) -> (text: String, isHost: Bool) {
        var rest = Substring(withoutSecrets(url))
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") { rest = rest[rest.index(colon, offsetBy: 3)...] }
        let parts = rest.split(separator: "/")
        guard parts.count > 1, let last = parts.last else { return (String(parts.first ?? ""), true) }
        return (String(last), false)
    }
}
