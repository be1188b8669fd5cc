import Foundation

exit(await Launcher.run(arguments: Array(CommandLine.arguments.dropFirst())))
