/// The command line: `Benchmarks [--quick] [--json] [--svg PATH]`.
struct Options {
  var isQuick = false
  var isJSON = false
  var svgPath: String?
  var filter: String?
  var iterations: Int?

  static let usage = """
    Usage: swift run -c release Benchmarks [--quick] [--json] [--svg PATH] [--filter TEXT]
                                    [--iterations N]

      --quick     Few, short samples: checks that every case runs (for CI), not its figures.
      --json      Print the figures as JSON instead of a table.
      --svg PATH  Also write a chart of cost per action to PATH (Docs/Performance.svg).
      --filter TEXT
                  Run only the cases whose name contains TEXT (such as 'root.send');
                  '=TEXT' runs only the case labelled exactly TEXT (such as
                  '=tree fan-out (element scopes) 1').
      --iterations N
                  Run each case exactly N times, without warm-up, for counting
                  instructions: valgrind --tool=callgrind .build/release/Benchmarks \\
                    --filter root.send --iterations 100000
    """

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(arguments: [String]) throws(Failure) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": isQuick = true
      case "--json": isJSON = true
      case "--svg":
        guard let path = remaining.popFirst(), !path.hasPrefix("--") else {
          throw Failure(
            description: "'--svg' needs a file path, as in '--svg Docs/Performance.svg'.")
        }
        svgPath = path
      case "--filter":
        guard let text = remaining.popFirst() else {
          throw Failure(description: "'--filter' needs a case name, as in '--filter root.send'.")
        }
        filter = text
      case "--iterations":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
          throw Failure(
            description: "'--iterations' needs a positive count, as in '--iterations 1000'.")
        }
        iterations = count
      default:
        throw Failure(description: "Unknown argument '\(argument)'.")
      }
    }
  }
}
