extension InspectorHTML {
  /// The page's style sheet: light and dark by `prefers-color-scheme`; two columns on a wide
  /// screen, one under the other on a phone.
  static let style = #"""
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1d1f23; --muted: #5c6370; --line: #d8dce3; --panel: #f5f7fa;
      --accent: #1f6feb; --sel: #dbe9ff; --sel-fg: #0b2a5b; --del: #b42318; --del-bg: #fde8e7;
      --add: #1a7f37; --add-bg: #e6f6ea; --warn: #9a6700; --warn-bg: #fff4d6; --group: #8957e5;
      font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #16181d; --fg: #e6e8ec; --muted: #9aa3b2; --line: #30353f; --panel: #1f232a;
        --accent: #6ea8fe; --sel: #1d3a66; --sel-fg: #e8f0ff; --del: #ff8f86; --del-bg: #3b1d1c;
        --add: #7ee2a0; --add-bg: #183524; --warn: #f2cc60; --warn-bg: #3a3115; --group: #b392f0;
      }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); display: flex; flex-direction: column; height: 100vh; }
    code, pre, .mono, input, select, button { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 13px; }
    header.top { padding: 10px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
    h1 { font-size: 18px; margin: 0 0 4px; overflow-wrap: anywhere; }
    h2 { font-size: 15px; margin: 0 0 6px; }
    h3 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
    dl.facts { display: flex; flex-wrap: wrap; gap: 2px 18px; margin: 0; }
    dl.facts div { display: flex; gap: 6px; min-width: 0; }
    dl.facts dt { color: var(--muted); }
    dl.facts dd { margin: 0; overflow-wrap: anywhere; }
    .verdict { margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
    .ok { color: var(--add); font-weight: 600; }
    .bad { color: var(--del); font-weight: 600; }
    button { background: var(--bg); color: var(--accent); border: 1px solid var(--accent); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
    button:hover { background: var(--sel); }
    button:focus-visible, input:focus-visible, select:focus-visible, .list:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
    main.layout { display: grid; grid-template-columns: minmax(320px, 42%) 1fr; flex: 1; min-height: 0; }
    section.timeline { display: flex; flex-direction: column; border-right: 1px solid var(--line); min-height: 0; padding: 10px 0 0; }
    section.timeline > h2, .controls, .count { padding: 0 12px; }
    .controls { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 4px; }
    .controls label { display: flex; gap: 4px; align-items: center; color: var(--muted); flex: 1 1 140px; min-width: 0; }
    .controls input, .controls select, .path input { flex: 1; min-width: 0; background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 6px; padding: 4px 6px; }
    .count { margin: 0 0 4px; color: var(--muted); font-size: 12px; }
    .list { position: relative; overflow-y: auto; flex: 1; min-height: 0; border-top: 1px solid var(--line); }
    .spacer { width: 1px; }
    .row { position: absolute; top: 0; left: 0; right: 0; height: 28px; display: flex; align-items: center; gap: 6px; padding: 0 10px 0 8px; border-left: 4px solid transparent; white-space: nowrap; cursor: pointer; border-bottom: 1px solid var(--line); }
    .row:hover { background: var(--panel); }
    .row.grouped { border-left-color: var(--group); }
    .row.grouped.alt { border-left-color: var(--accent); }
    .row[aria-selected="true"] { background: var(--sel); color: var(--sel-fg); }
    .row.differs { box-shadow: inset 3px 0 0 var(--del); }
    .row .n { color: var(--muted); min-width: 4.5em; text-align: right; font-variant-numeric: tabular-nums; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
    .row .a { overflow: hidden; text-overflow: ellipsis; flex: 1; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
    .row.unchanged .a { color: var(--muted); }
    .badge { font-size: 11px; padding: 0 5px; border-radius: 9px; border: 1px solid var(--line); color: var(--muted); flex: none; }
    .badge.diff, .badge.mark { border-color: var(--del); color: var(--del); background: var(--del-bg); }
    .badge.fed { border-color: var(--add); color: var(--add); }
    .badge.work { border-color: var(--warn); color: var(--warn); }
    .badge.cp { border-color: var(--accent); color: var(--accent); }
    section.detail { padding: 10px 16px 24px; overflow-y: auto; min-width: 0; }
    .action { font-family: ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; white-space: pre-wrap; margin: 0 0 6px; padding: 6px 8px; background: var(--panel); border-radius: 6px; max-height: 9em; overflow-y: auto; }
    ul.facts { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 8px; }
    .note { padding: 6px 8px; border-radius: 6px; background: var(--warn-bg); color: var(--fg); margin: 6px 0; overflow-wrap: anywhere; white-space: pre-wrap; }
    .note.bad { background: var(--del-bg); color: var(--fg); font-weight: normal; }
    pre.diff { margin: 0; padding: 6px 0; background: var(--panel); border-radius: 6px; overflow-x: auto; max-height: 40vh; }
    pre.diff div { padding: 0 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
    pre.diff .del { color: var(--del); background: var(--del-bg); }
    pre.diff .add { color: var(--add); background: var(--add-bg); }
    .empty { color: var(--muted); font-style: italic; }
    .path { display: flex; gap: 6px; align-items: center; color: var(--muted); margin-bottom: 6px; }
    .tree { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
    .tree details > div, .tree details > details, .tree details > button { margin-left: 16px; }
    .tree summary { cursor: pointer; }
    .tree .k { color: var(--accent); }
    .tree .s { color: var(--add); white-space: pre-wrap; }
    .tree .num { color: var(--warn); }
    .tree .lit { color: var(--group); }
    .tree .sum { color: var(--muted); }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    #selftest-result { white-space: pre-wrap; }
    @media (max-width: 760px) {
      body { display: block; height: auto; }
      main.layout { display: block; }
      section.timeline { border-right: 0; height: 46vh; min-height: 260px; }
      section.detail { padding: 10px 12px 24px; overflow: visible; }
      .row .badge.opt { display: none; }
    }
    """#
}
