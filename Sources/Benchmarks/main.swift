// The Benchmarks executable: `swift run -c release Benchmarks [--quick] [--json] [--svg PATH]`.
// See Docs/Performance.md for what each case measures.

let options: Options
do {
  options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  Platform.log("error: \(error)\n\n\(Options.usage)")
  Platform.terminate(2)
}

let run = BenchmarkRun(
  isQuick: options.isQuick, filter: options.filter, iterations: options.iterations)
// Progress only: each figure is printed once, in the report at the end.
run.onMeasurement = { Platform.log("  measured \($0.label)") }
Platform.log("Running the benchmarks\(options.isQuick ? " (quick)" : "")…")
// First, on a heap no other case freed memory into, since it measures resident memory; its
// states are kept to the end, so that no later case reuses their memory either.
let undoHistories = HistoryCases.runMemory(run)
MemoryCases.run(run)
SendCases.run(run)
HistoryCases.run(run)
TreeCases.run(run)
ListCases.run(run)
ExtractionCases.run(run)
QueueCases.run(run)
await FeedbackCases.run(run)
NavigationCases.run(run)
ListEditCases.run(run)
PersistenceCases.run(run)
await RandomSessionCases.run(run)
await DetectionCases.run(run)
blackHole(undoHistories)

let report = Report(run: run, machine: Platform.machine)
print(options.isJSON ? report.json : report.table)
if let path = options.svgPath {
  do {
    try Platform.writeFile(Chart(run: run).svg, to: path)
    Platform.log("Wrote the chart to '\(path)'.")
  } catch {
    Platform.log("error: \(error)")
    Platform.terminate(1)
  }
}
