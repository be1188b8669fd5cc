import Core

/// An app of modules, each a list of rows: the shape behind the fan-out and no-op cases.
struct Tree: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var value = 0
  }

  enum RowAction: Equatable, Sendable {
    case incremented
  }

  struct Module: Equatable, Identifiable, Sendable {
    let id: Int
    var rows: IdentifiedArray<Row>
  }

  enum ModuleAction: Equatable, Sendable {
    case row(id: Int, action: RowAction)
  }

  struct State: Equatable, Sendable {
    var modules: IdentifiedArray<Module>
    var unrelated = 0

    init(modules: Int, rowsPerModule: Int) {
      self.modules = IdentifiedArray(
        uniqueElements: (0..<modules).map { module in
          Module(
            id: module,
            rows: IdentifiedArray(
              uniqueElements: (0..<rowsPerModule).map { Row(id: module * rowsPerModule + $0) }))
        })
    }
  }

  enum Action: Equatable, Sendable {
    case module(id: Int, action: ModuleAction)
    case nothingHappened
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.modules, action: Action.module) {
        EmptyReducer()
          .forEach(\.rows, action: ModuleAction.row) {
            Reduce { row, _ in
              row.value += 1
              return .none
            }
          }
      }
  }
}
