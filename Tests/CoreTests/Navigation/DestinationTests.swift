import CoreTesting
import Testing

@testable import Core

extension NavigationTests {
  @MainActor
  @Suite struct DestinationTests {
    @Test func enumDestinationRoutesTheCaseToItsFeature() async {
      let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
      await store.send(.editButtonTapped) { $0.destination = .edit(Counter.State()) }
      await store.send(.destination(.presented(.edit(.increment)))) {
        $0.destination = .edit(Counter.State(count: 1))
      }
      await store.send(.destination(.dismiss)) { $0.destination = nil }
    }

    @Test func alertClosesAfterItsButtonsAction() async {
      let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
      await store.send(.deleteButtonTapped) {
        $0.destination = .alert(DestinationParent.deleteAlert)
      }
      await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
        $0.deletions = 1
        $0.destination = nil
      }
    }

    @Test func confirmationDialogClosesAfterItsButtonsAction() async {
      let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
      await store.send(.cancelButtonTapped) {
        $0.destination = .dialog(DestinationParent.cancelDialog)
      }
      await store.send(.destination(.presented(.dialog(.confirmDeletion)))) {
        $0.deletions = 1
        $0.destination = nil
      }
    }

    @Test func dialogReplacedByItsOwnActionStaysUp() async {
      let store = TestStore(
        initialState: DestinationParent.State(
          destination: PresentationState(wrappedValue: .alert(DestinationParent.retryAlert)))
      ) {
        DestinationParent()
      }
      await store.send(.destination(.presented(.alert(.retry)))) {
        $0.destination = .alert(DestinationParent.deleteAlert)
      }
    }

    @Test func editorDoesNotCloseOnItsActions() async {
      let store = TestStore(initialState: DestinationParent.State()) { DestinationParent() }
      await store.send(.editButtonTapped) { $0.destination = .edit(Counter.State()) }
      await store.send(.destination(.presented(.edit(.tick)))) {
        $0.destination = .edit(Counter.State(count: 1))
      }
    }

    @Test func alertWithoutAChildReducer() async {
      let store = TestStore(initialState: AlertParent.State()) { AlertParent() }
      await store.send(.showAlert) {
        $0.alert = AlertState(
          title: "Sure?", buttons: [ButtonState(action: .confirm, label: "Yes")])
      }
      await store.send(.alert(.presented(.confirm))) {
        $0.confirmed = true
        $0.alert = nil
      }
      await store.send(.showAlert) {
        $0.alert = AlertState(
          title: "Sure?", buttons: [ButtonState(action: .confirm, label: "Yes")])
      }
      await store.send(.alert(.dismiss)) { $0.alert = nil }
    }

    @Test func replacingTheDestinationCancelsTheOldOnesEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: DestinationParent.State()) {
        DestinationParent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.editButtonTapped) { $0.destination = .edit(Counter.State()) }
      await store.send(.destination(.presented(.edit(.startTimer))))
      await store.send(.deleteButtonTapped) {
        $0.destination = .alert(DestinationParent.deleteAlert)
      }
      await clock.advance(by: .seconds(2))
      await store.finish()
    }

    @Test func anotherIdInTheSameCaseIsAnotherPresentation() async {
      struct Item: Reducer {
        struct State: Equatable, Identifiable {
          let id: Int
          var count = 0
        }
        enum Action: Equatable { case start }
        @Dependency(\.clock) var clock
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
        }
      }
      struct Parent: Reducer {
        struct Destination: Reducer {
          enum State: Equatable { case item(Item.State) }
          enum Action: Equatable { case item(Item.Action) }
          var body: some Reducer<State, Action> {
            Scope(state: State.item, action: Action.item) { Item() }
          }
        }
        struct State: Equatable {
          @PresentationState var destination: Destination.State? = nil
        }
        enum Action: Equatable {
          case destination(PresentationAction<Destination.Action>)
          case show(Int)
        }
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            if case let .show(id) = action { state.destination = .item(Item.State(id: id)) }
            return .none
          }
          .ifLet(\.$destination, action: Action.destination) { Destination() }
        }
      }
      let clock = TestClock()
      let store = TestStore(initialState: Parent.State()) {
        Parent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.show(1)) { $0.destination = .item(Item.State(id: 1)) }
      await store.send(.destination(.presented(.item(.start))))
      // The same item shown again keeps its effect; another item ends it.
      await store.send(.show(1))
      await store.send(.show(2)) { $0.destination = .item(Item.State(id: 2)) }
      await store.finish()
    }

    @Test func caseScopedStoreIsNonNilWhileThatCaseIsPresented() {
      let store = Store(initialState: DestinationParent.State()) { DestinationParent() }
      func editStore() -> Store<Counter.State, Counter.Action>? {
        store.scope(
          state: \.destination?.edit,
          action: { DestinationParent.Action.destination(.presented(.edit($0))) })
      }
      #expect(editStore() == nil)
      store.send(.editButtonTapped)
      let edit = editStore()
      edit?.send(.increment)
      #expect(edit?.state == Counter.State(count: 1))
      store.send(.deleteButtonTapped)
      #expect(editStore() == nil)
    }

    @Test func caseScopeReportsAnActionForAnotherCase() {
      var state = DestinationParent.Destination.State.alert(DestinationParent.deleteAlert)
      let issues = collectingIssues {
        _ = DestinationParent.Destination().reduce(into: &state, action: .edit(.increment))
      }
      #expect(issues.count == 1)
      #expect(issues.first?.contains("while the state was another case") == true)
      #expect(state == .alert(DestinationParent.deleteAlert))
    }

    @Test func dialogsAreEquatableValues() {
      let alert = AlertState<Int>(
        title: "T", message: "M", buttons: [ButtonState(role: .cancel, action: 1, label: "OK")])
      #expect(alert == alert.map { $0 })
      #expect(alert != AlertState(title: "T", message: "M"))
      #expect(alert.map { "\($0)" }.buttons.first?.action == "1")
      #expect(alert.buttons.first?.role == .cancel)
      let dialog = ConfirmationDialogState<Int>(title: "T", buttons: [ButtonState(label: "No")])
      #expect(dialog.buttons.first?.action == nil)
      #expect(dialog.map { $0 + 1 } == dialog.map { $0 + 2 })
    }
  }
}
