import App
import Glibc

exit(ReelApp.main(arguments: Array(CommandLine.arguments.dropFirst())))
