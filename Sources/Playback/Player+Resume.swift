import Glibc

extension Player {
    /// Saves where the loaded file is, so that loading it again resumes there (mpv's
    /// watch-later), written atomically: mpv writes into a staging folder, and the file is then
    /// renamed into place, so a crash mid-write never leaves a torn or empty record.
    public func saveResumePosition() throws {
        guard let directory = configuration.watchLaterDirectory else { return }
        let staging = directory + "/.staging"
        try PathEncoding.makeDirectories(staging)
        try handle.setProperty("watch-later-directory", staging)
        defer { try? handle.setProperty("watch-later-directory", directory) }
        try handle.command(["write-watch-later-config"])
        guard let folder = PathEncoding.withCString(staging, { opendir($0) }) else {
            throw PlaybackError.system(call: "opendir \(staging)", errno: errno)
        }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = PathEncoding.name(of: entry)
            guard name != ".", name != ".." else { continue }
            let moved = PathEncoding.withCString(staging + "/" + name) { from in
                PathEncoding.withCString(directory + "/" + name) { to in rename(from, to) }
            }
            guard moved == 0 else { throw PlaybackError.system(call: "rename \(name)", errno: errno) }
        }
    }

    /// Forgets any saved position for the loaded file, so that it starts from the beginning next time.
    public func forgetResumePosition() throws(MpvError) {
        guard configuration.watchLaterDirectory != nil else { return }
        try handle.command(["delete-watch-later-config"])
    }
}
