/// Assembles an inspector page: the markup, the style and script inline, the data in a JSON
/// block, and a content security policy that lets only that style and script run (named by
/// their SHA-256 hashes) and loads nothing.
enum InspectorHTML {
  /// The page for `data` (JSON text) titled `title`.
  static func page(title: String, data: String) -> String {
    let policy = [
      "default-src 'none'",
      "script-src 'sha256-\(SHA256.base64Digest(of: Array(script.utf8)))'",
      "style-src 'sha256-\(SHA256.base64Digest(of: Array(style.utf8)))'",
      "base-uri 'none'",
      "form-action 'none'",
    ].joined(separator: "; ")
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="referrer" content="no-referrer">
      <title>\(escaped(title)) · recording inspector</title>
      <style>\(style)</style>
      </head>
      <body>
      <header class="top">
      <h1 id="title"></h1>
      <dl class="facts" id="facts"></dl>
      <p class="verdict" id="verdict"></p>
      </header>
      <main class="layout">
      <section class="timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <div class="controls">
      <label>Search <input type="search" id="search" placeholder="action text or case" \
      autocomplete="off" aria-describedby="count"></label>
      <label>Case <select id="case-filter"><option value="">all cases</option></select></label>
      </div>
      <p class="count" id="count" role="status"></p>
      <div class="list" id="list" role="listbox" tabindex="0" aria-label="Steps; arrow keys or \
      j and k move">
      <div class="spacer" id="spacer"></div>
      </div>
      </section>
      <section class="detail" aria-labelledby="step-heading">
      <h2 id="step-heading">Step</h2>
      <p class="action" id="step-action"></p>
      <ul class="facts" id="step-facts"></ul>
      <div id="step-notes"></div>
      <h3>What it changed</h3>
      <pre class="diff" id="diff"></pre>
      <h3>State after it</h3>
      <label class="path">Show only <input id="path" placeholder="a path, like orders.list" \
      autocomplete="off"></label>
      <p class="empty" id="path-note" role="status"></p>
      <div class="tree" id="tree"></div>
      </section>
      </main>
      <pre id="selftest-result" hidden></pre>
      <script type="application/json" id="data">\(embeddable(data))</script>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  /// `json` with `<`, `>`, `&`, U+2028 and U+2029 written as JSON escapes: the same value,
  /// and no `</script>` or comment opener can end the data block early. They can only occur
  /// inside JSON strings, where the escapes mean the same.
  static func embeddable(_ json: String) -> String {
    let input = Array(json.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      switch byte {
      case UInt8(ascii: "<"): bytes += Array(#"\u003c"#.utf8)
      case UInt8(ascii: ">"): bytes += Array(#"\u003e"#.utf8)
      case UInt8(ascii: "&"): bytes += Array(#"\u0026"#.utf8)
      // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
      case 0xE2
      where index + 2 < input.count && input[index + 1] == 0x80
        && (input[index + 2] == 0xA8 || input[index + 2] == 0xA9):
        bytes += Array((input[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
        index += 2
      default:
        bytes.append(byte)
      }
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` as HTML text: `&`, `<`, `>` and quotes escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
