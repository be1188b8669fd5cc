import TestSupport

/// Random actions for `ModelApp`, drawn from small value ranges so that many of them leave the
/// state unchanged, and from ids that are sometimes absent, so that misuse paths run too.
extension ModelApp {
  static let ids = 0..<5
  static let values = 0...3

  static func randomAccountAction(using generator: inout SplitMix64) -> AccountAction {
    generator.chance(80) ? .nameSet(generator.pick(values)) : .tierBumped
  }

  static func randomItemAction(using generator: inout SplitMix64) -> ItemAction {
    switch generator.int(in: 0..<100) {
    case 0..<45: .quantitySet(generator.pick(values))
    case 45..<60: .removeTapped
    case 60..<85: .refreshTapped
    case 85..<92: .refreshed(generator.pick(values))
    default: .delegate(.removeMe)
    }
  }

  static func randomOrdersAction(using generator: inout SplitMix64) -> OrdersAction {
    switch generator.int(in: 0..<100) {
    case 0..<50:
      .item(id: generator.pick(ids), action: randomItemAction(using: &generator))
    case 50..<85: .itemAdded(generator.pick(ids))
    default: .submitTapped
    }
  }

  static func randomModuleAction(using generator: inout SplitMix64) -> ModuleAction {
    switch generator.int(in: 0..<100) {
    case 0..<60: .orders(randomOrdersAction(using: &generator))
    case 60..<85: .account(randomAccountAction(using: &generator))
    default: .checkoutTapped
    }
  }

  static func randomConfirmAction(using generator: inout SplitMix64) -> ConfirmAction {
    .countSet(generator.pick(values))
  }

  static func randomEditorAction(using generator: inout SplitMix64) -> EditorAction {
    switch generator.int(in: 0..<100) {
    case 0..<40: .draft(randomAccountAction(using: &generator))
    case 40..<60: .confirm(randomConfirmAction(using: &generator))
    case 60..<75: .confirmShown
    case 75..<85: .confirmDismissed
    case 85..<95: .saveTapped
    default:
      .delegate(.saved(Account(name: generator.pick(values), tier: generator.pick(values))))
    }
  }

  static func randomRowAction(using generator: inout SplitMix64) -> RowAction {
    generator.chance(70) ? .valueSet(generator.pick(values)) : .bumped
  }

  static func randomAction(using generator: inout SplitMix64) -> Action {
    switch generator.int(in: 0..<100) {
    case 0..<10: .account(randomAccountAction(using: &generator))
    case 10..<40: .module(randomModuleAction(using: &generator))
    case 40..<55: .editor(randomEditorAction(using: &generator))
    case 55..<70: .row(id: generator.pick(ids), action: randomRowAction(using: &generator))
    case 70..<78: .editorOpened
    case 78..<83: .editorClosed
    case 83..<90: .rowAdded(generator.pick(ids))
    case 90..<94: .rowRemoved(generator.pick(ids))
    case 94..<98: .counterSet(generator.pick(0...2))
    default: .noop
    }
  }
}
