import Core

/// Navigation: pushing and popping screens at stack depths 1, 100 and 1,000, an action to the
/// top screen of those stacks, and presenting and dismissing a sheet with 1,000 live observed
/// stores elsewhere in the tree. Targets (ratios, logged after the cases): a push/pop at depth
/// 1,000 and an action to the top of a 1,000-deep stack each cost at most 2× the same at depth
/// 1; presenting and dismissing with 1,000 live observed scopes costs at most 2× with none.
/// Each target is timed in alternating samples of its two cases (see `BenchmarkRun.compare`).
@MainActor
enum NavigationCases {
  static func run(_ run: BenchmarkRun) {
    let depths = [1, 100, 1_000]
    if run.wants("stack push/pop") {
      let stacks = depths.map(PushPopStack.init)
      for stack in stacks {
        run.time("stack push/pop", parameter: stack.depth) { stack.pushAndPop() }
        stack.check()
      }
      if let deepest = stacks.last, let shallowest = stacks.first {
        run.compare("stack push/pop: 1000 / 1", deepest.pushAndPop, to: shallowest.pushAndPop)
      }
      for stack in stacks { stack.end() }
      logRatio(run, "stack push/pop", 1_000, over: 1)
    }
    if run.wants("stack top action") {
      let actions = depths.map { (depth: $0, send: topAction(depth: $0)) }
      for action in actions {
        run.time("stack top action", parameter: action.depth, action.send.operation)
        action.send.check()
      }
      run.compare(
        "stack top action: 1000 / 1", actions[2].send.operation, to: actions[0].send.operation)
      logRatio(run, "stack top action", 1_000, over: 1)
    }
    if run.wants("present/dismiss") {
      let sheets = [0, 1_000].map { (scopes: $0, sheet: presentDismiss(liveScopes: $0)) }
      for sheet in sheets {
        run.time("present/dismiss", parameter: sheet.scopes, sheet.sheet.operation)
        sheet.sheet.check()
      }
      run.compare(
        "present/dismiss: 1000 / 0", sheets[1].sheet.operation, to: sheets[0].sheet.operation)
      logRatio(run, "present/dismiss", 1_000, over: 0)
    }
    if run.wants("child.send") {
      childActions(run)
      actionsWithWorkRunning(run)
    }
  }

  /// An action to a small presented child, while none of the presentation's children has work
  /// running and while the child's own work runs: then each pass also asks the store to end
  /// the work of the children no longer presented. Their ratio is timed in alternating
  /// samples, as the targets are.
  private static func actionsWithWorkRunning(_ run: BenchmarkRun) {
    let idle = Store(initialState: WorkingSheet.State()) { WorkingSheet() }
    let working = Store(initialState: WorkingSheet.State()) { WorkingSheet() }
    let subscriptions = [idle.observe { blackHole($0) }, working.observe { blackHole($0) }]
    let work = working.send(.sheet(.presented(.workStarted)))
    idle.send(.sheet(.presented(.tapped)))
    working.send(.sheet(.presented(.tapped)))
    precondition(
      idle.state.sheet?.taps == 1 && working.state.sheet?.taps == 1,
      "child.send: a small presented child saw no action")
    run.time("child.send", variant: "small presented child, no work running") {
      idle.send(.sheet(.presented(.tapped)))
    }
    run.time("child.send", variant: "small presented child, its work running") {
      working.send(.sheet(.presented(.tapped)))
    }
    run.compare(
      "presented child: its work running / none running",
      { working.send(.sheet(.presented(.tapped))) }
    ) { idle.send(.sheet(.presented(.tapped))) }
    work.cancel()
    for subscription in subscriptions { subscription.cancel() }
    actionToDestination(run)
  }

  /// An action to a presented child that is one case of an enum of destinations.
  private static func actionToDestination(_ run: BenchmarkRun) {
    let store = Store(initialState: DestinationSheet.State()) { DestinationSheet() }
    let subscription = store.observe { blackHole($0) }
    store.send(.destination(.presented(.screen(.tapped))))
    guard case .screen(let screen) = store.state.destination, screen.taps == 1 else {
      preconditionFailure("child.send: the destination saw no action")
    }
    run.time("child.send", variant: "presented enum destination") {
      store.send(.destination(.presented(.screen(.tapped))))
    }
    subscription.cancel()
  }

  /// An action to a stack screen and to a presented child, the root store observed, as
  /// `root.send` is: the targets compare them with it (`--filter .send` runs the three).
  private static func childActions(_ run: BenchmarkRun) {
    var state = Navigation.State(depth: 1)
    state.sheet = Navigation.Screen.State()
    let root = Store(initialState: state) { Navigation() }
    let subscription = root.observe { blackHole($0) }
    let screen = state.path.ids[0]
    root.send(.path(.element(id: screen, action: .tapped)))
    root.send(.sheet(.presented(.tapped)))
    precondition(
      root.state.path[id: screen]?.taps == 1 && root.state.sheet?.taps == 1,
      "child.send: the screen or the sheet saw no action")
    run.time("child.send", variant: "stack screen") {
      root.send(.path(.element(id: screen, action: .tapped)))
    }
    run.time("child.send", variant: "presented child") {
      root.send(.sheet(.presented(.tapped)))
    }
    // The targets, timed in alternating samples with a root send as `root.send` times it.
    let counter = Store(initialState: Counter.State()) { Counter() }
    let counterSubscription = counter.observe { blackHole($0) }
    run.compare(
      "stack screen action / root.send", { root.send(.path(.element(id: screen, action: .tapped))) }
    ) { counter.send(.incremented) }
    run.compare(
      "presented child action / root.send", { root.send(.sheet(.presented(.tapped))) }
    ) { counter.send(.incremented) }
    counterSubscription.cancel()
    throughChildStores(run, root, screen: screen)
    subscription.cancel()
  }

  /// The same actions sent as a view sends them: through the child's own store, which is
  /// observed, as is the other child's, so each action also refreshes both. After the targets:
  /// the child stores live only in this function, so they are not visited while those are
  /// timed.
  private static func throughChildStores(
    _ run: BenchmarkRun, _ root: Store<Navigation.State, Navigation.Action>,
    screen: StackElementID
  ) {
    let sheetStore = root.scope(state: \.$sheet, action: Navigation.Action.sheet)!
    let screenStore = root.scope(state: \.path, id: screen, action: Navigation.Action.path)!
    let childSubscriptions = [
      sheetStore.observe { blackHole($0) }, screenStore.observe { blackHole($0) },
    ]
    run.time("child.send", variant: "presented child, through its observed store") {
      sheetStore.send(.tapped)
    }
    run.time("child.send", variant: "stack screen, through its observed store") {
      screenStore.send(.tapped)
    }
    precondition(
      sheetStore.state.taps == root.state.sheet?.taps
        && screenStore.state.taps == root.state.path[id: screen]?.taps,
      "child.send: a child store does not hold its state")
    for subscription in childSubscriptions { subscription.cancel() }
  }

  /// A stack `depth` deep, every screen's store observed; each action changes the top screen.
  private static func topAction(depth: Int) -> TimedCase {
    let state = Navigation.State(depth: depth)
    let root = Store(initialState: state) { Navigation() }
    var notifications = 0
    var subscriptions = [root.observe { _ in notifications += 1 }]
    subscriptions += observeScreens(root, state.path.ids) { notifications += 1 }
    let top = state.path.ids.last!
    notifications = 0
    var sent = 0
    return TimedCase(
      operation: {
        root.send(.path(.element(id: top, action: .tapped)))
        sent += 1
      },
      check: {
        blackHole(subscriptions)
        precondition(
          notifications == 2 * sent,
          "stack top action: \(notifications) notifications for \(sent) actions; expected two")
      })
  }

  /// `liveScopes` observed row stores beside an observed sheet slot; one iteration presents
  /// the sheet, sends it an action and dismisses it.
  private static func presentDismiss(liveScopes: Int) -> TimedCase {
    let root = Store(initialState: Navigation.State(depth: 0, rows: liveScopes)) {
      Navigation()
    }
    var notifications = 0
    var subscriptions = [root.observe { _ in notifications += 1 }]
    for id in 0..<liveScopes {
      let row = root.scope(state: \.rows, id: id, action: Navigation.Action.row)!
      subscriptions.append(row.observe { _ in notifications += 1 })
    }
    let sheet = root.scope(state: \.hasSheet)
    subscriptions.append(sheet.observe { _ in notifications += 1 })
    notifications = 0
    return TimedCase(
      operation: {
        root.send(.present)
        root.send(.sheet(.presented(.tapped)))
        root.send(.sheet(.dismiss))
      },
      check: {
        precondition(!sheet.state, "present/dismiss: the sheet is still presented")
        blackHole((subscriptions, notifications))
      })
  }

  static func observeScreens(
    _ root: Store<Navigation.State, Navigation.Action>, _ ids: [StackElementID],
    _ onChange: @escaping () -> Void
  ) -> [StoreSubscription] {
    ids.map { id in
      root.scope(state: \.path, id: id, action: Navigation.Action.path)!.observe { _ in
        onChange()
      }
    }
  }

  /// Logs the ratio of `name` at `top` to `name` at `bottom`: timed in alternating samples
  /// when the case compared them (see `BenchmarkRun.compare`), else from the two medians.
  private static func logRatio(_ run: BenchmarkRun, _ name: String, _ top: Int, over bottom: Int) {
    let ratio: Double
    if let paired = run.pairedRatios["\(name): \(top) / \(bottom)"] {
      ratio = paired
    } else {
      guard
        let numerator = run.value(name, parameter: top),
        let denominator = run.value(name, parameter: bottom), denominator > 0
      else { return }
      ratio = numerator / denominator
    }
    Platform.log(
      "  \(name): \(top) / \(bottom) = \(format(ratio))× (limit 2×) \(ratio <= 2 ? "met" : "MISSED")"
    )
  }
}

/// The feature the navigation cases run: a stack of screens, a sheet, and rows.
struct Navigation: Reducer {
  struct Screen: Reducer {
    struct State: Equatable, Sendable {
      var taps = 0
      var title = "Screen"
    }

    enum Action: Equatable, Sendable { case tapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.taps += 1
      return .none
    }
  }

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var value = 0
  }

  struct State: Equatable {
    var path = StackState<Screen.State>()
    @PresentationState var sheet: Screen.State? = nil
    var rows = IdentifiedArray<Row>()

    init(depth: Int, rows: Int = 0) {
      for _ in 0..<depth { path.append(Screen.State()) }
      for id in 0..<rows { self.rows.append(Row(id: id)) }
    }

    var hasSheet: Bool { sheet != nil }
  }

  enum Action: Equatable, Sendable {
    case path(StackAction<Screen.State, Screen.Action>)
    case sheet(PresentationAction<Screen.Action>)
    case row(id: Int, action: Int)
    case push
    case pop
    case present
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .push:
        state.path.append(Screen.State())
      case .pop:
        state.path.popLast()
      case .present:
        state.sheet = Screen.State()
      case let .row(id, value):
        state.rows[id: id]?.value = value
      case .path, .sheet:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Screen() }
    .ifLet(\.$sheet, action: Action.sheet) { Screen() }
  }
}
