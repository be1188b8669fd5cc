extension InspectorHTML {
  /// The page's script: hand-written, with no library. It reads the data block, renders only
  /// the timeline rows in view, rebuilds a step's state from the whole state before it and the
  /// edits since, and puts every text from the recording into the page as text
  /// (`textContent`), never as markup. Opened with `#selftest`, it drives its own controls and
  /// writes what it found into `#selftest-result`, for the headless-browser check.
  static let script = #"""
    'use strict';
    (function () {
      var errors = [];
      window.addEventListener('error', function (event) {
        errors.push(String(event.message || event.error));
      });
      window.addEventListener('unhandledrejection', function (event) {
        errors.push('unhandled rejection: ' + String(event.reason));
      });

      var ROW = 28;
      var STARTED_WORK = 1, SENT = 2, UNDO = 4, REDO = 8, BEGINS = 16, ENDS = 32, CHANGED = 64,
        CHECKPOINT = 128, MISMATCH = 256;
      var D = JSON.parse(document.getElementById('data').textContent);
      var steps = D.steps;
      var total = steps.length + 1;
      var differsAt = D.difference ? D.difference.step : -1;
      var markAt = D.mark ? D.mark.step : -1;

      function $(id) { return document.getElementById(id); }
      function el(tag, className, text) {
        var node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }
      function actionText(i) { return i === 0 ? 'Initial state' : steps[i - 1][0]; }
      function flagsOf(i) { return i === 0 ? 0 : steps[i - 1][2]; }

      // Header
      document.title = D.title + ' · recording inspector';
      $('title').textContent = D.title;
      function fact(name, value) {
        var div = el('div');
        div.appendChild(el('dt', '', name));
        div.appendChild(el('dd', '', value));
        $('facts').appendChild(div);
      }
      fact('Recording', D.source);
      if (D.written) fact('Written', new Date(D.written).toLocaleString());
      fact('Actions', String(D.actionCount));
      fact('Checkpoints', D.recordedCheckpoints.length + ' recorded; whole state every ' +
        D.spacing + ' steps here');
      if (!D.complete) fact('End', 'none: the session did not quit normally');
      var verdict = $('verdict');
      if (D.difference) {
        verdict.appendChild(el('span', 'bad', D.difference.step > 0
          ? 'The replay differs at step #' + D.difference.step + ': ' + D.difference.reason + '.'
          : 'The replay differs before the first step: ' + D.difference.reason + '.'));
        var jump = el('button', '', 'Jump to the difference (#' + D.difference.step + ')');
        jump.id = 'jump-difference';
        jump.addEventListener('click', function () { jumpTo(D.difference.step); });
        verdict.appendChild(jump);
      } else {
        verdict.appendChild(el('span', 'ok', 'The replay matches the recording.'));
      }
      if (D.mark) {
        var markButton = el('button', '', 'Jump to the marked step (#' + D.mark.step + ')');
        markButton.id = 'jump-mark';
        markButton.addEventListener('click', function () { jumpTo(D.mark.step); });
        verdict.appendChild(markButton);
      }

      // Filters
      var caseSelect = $('case-filter');
      var caseCounts = new Array(D.cases.length).fill(0);
      for (var s = 0; s < steps.length; s++) caseCounts[steps[s][1]]++;
      D.cases.map(function (name, index) { return [name, index]; })
        .sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; })
        .forEach(function (entry) {
          var option = el('option', '', entry[0] + ' (' + caseCounts[entry[1]] + ')');
          option.value = String(entry[1]);
          caseSelect.appendChild(option);
        });
      var search = $('search');
      var visible = null; // step numbers shown, in order; null: all of them
      function shownCount() { return visible ? visible.length : total; }
      function shownAt(position) { return visible ? visible[position] : position; }
      function positionOf(step) {
        if (!visible) return step;
        var low = 0, high = visible.length - 1;
        while (low <= high) {
          var middle = (low + high) >> 1;
          if (visible[middle] === step) return middle;
          if (visible[middle] < step) low = middle + 1; else high = middle - 1;
        }
        return -1;
      }
      function applyFilters() {
        var query = search.value.trim().toLowerCase();
        var wanted = caseSelect.value === '' ? -1 : Number(caseSelect.value);
        if (!query && wanted < 0) {
          visible = null;
        } else {
          var found = [];
          for (var i = 1; i < total; i++) {
            var step = steps[i - 1];
            if (wanted >= 0 && step[1] !== wanted) continue;
            if (query && step[0].toLowerCase().indexOf(query) < 0 &&
              D.cases[step[1]].toLowerCase().indexOf(query) < 0) continue;
            found.push(i);
          }
          visible = Int32Array.from(found);
        }
        $('count').textContent = visible
          ? 'Showing ' + visible.length + ' of ' + total + ' steps'
          : 'Showing all ' + total + ' steps (the initial state and ' + (total - 1) + ' actions)';
        spacer.style.height = (shownCount() * ROW) + 'px';
        renderRows(true);
      }
      search.addEventListener('input', applyFilters);
      caseSelect.addEventListener('change', applyFilters);

      // Timeline: only the rows in view exist.
      var list = $('list');
      var spacer = $('spacer');
      var rows = new Map();
      var selected = -1;
      function rowFor(step) {
        var row = el('div', 'row');
        row.id = 'row-' + step;
        row.setAttribute('role', 'option');
        row.dataset.step = String(step);
        var flags = flagsOf(step);
        row.appendChild(el('span', 'n', step === 0 ? 'start' : '#' + step));
        row.appendChild(el('span', 'a', actionText(step)));
        if (step > 0) {
          var record = steps[step - 1];
          if (record[4] > 0) {
            row.classList.add('grouped');
            if (record[4] % 2 === 0) row.classList.add('alt');
          }
          if (!(flags & CHANGED)) row.classList.add('unchanged');
          if (record[3] > 0) row.appendChild(el('span', 'badge fed opt', 'from #' + record[3]));
          if (flags & STARTED_WORK) row.appendChild(el('span', 'badge work opt', 'effect'));
          if (flags & UNDO) row.appendChild(el('span', 'badge', 'undo'));
          if (flags & REDO) row.appendChild(el('span', 'badge', 'redo'));
          if (flags & CHECKPOINT) row.appendChild(el('span', 'badge cp opt', 'checkpoint'));
        }
        if (step === differsAt) {
          row.classList.add('differs');
          row.appendChild(el('span', 'badge diff', 'differs'));
        }
        if (step === markAt) row.appendChild(el('span', 'badge mark', 'marked'));
        return row;
      }
      function renderRows(all) {
        if (all) {
          rows.forEach(function (row) { row.remove(); });
          rows.clear();
        }
        var count = shownCount();
        var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
        var last = Math.min(count - 1, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 8);
        var keep = new Set();
        for (var position = first; position <= last; position++) {
          var step = shownAt(position);
          keep.add(step);
          var row = rows.get(step);
          if (!row) {
            row = rowFor(step);
            rows.set(step, row);
            list.appendChild(row);
          }
          row.style.transform = 'translateY(' + (position * ROW) + 'px)';
          row.setAttribute('aria-selected', step === selected ? 'true' : 'false');
          row.setAttribute('aria-posinset', String(position + 1));
          row.setAttribute('aria-setsize', String(count));
        }
        rows.forEach(function (row, step) {
          if (!keep.has(step)) { row.remove(); rows.delete(step); }
        });
      }
      list.addEventListener('scroll', function () { renderRows(false); });
      window.addEventListener('resize', function () { renderRows(false); });
      list.addEventListener('click', function (event) {
        var row = event.target.closest('.row');
        if (row) select(Number(row.dataset.step));
      });
      function scrollIntoView(step) {
        var position = positionOf(step);
        if (position < 0) return;
        var top = position * ROW;
        if (top < list.scrollTop) list.scrollTop = top;
        else if (top + ROW > list.scrollTop + list.clientHeight)
          list.scrollTop = top + ROW - list.clientHeight;
      }

      // State at a step: the whole state before it, and the edits since.
      var checkpoints = D.checkpoints;
      var cache = null;
      function clone(value) {
        return value !== null && typeof value === 'object' ? structuredClone(value) : value;
      }
      function applyEdit(state, edit) {
        var path = edit[1];
        if (path.length === 0) return edit[0] === 0 ? clone(edit[2]) : state;
        var parent = state;
        for (var i = 0; i < path.length - 1; i++) parent = parent[path[i]];
        var key = path[path.length - 1];
        if (edit[0] === 0) parent[key] = clone(edit[2]);
        else if (edit[0] === 1) delete parent[key];
        else parent[key].length = edit[2];
        return state;
      }
      function stateAt(step) {
        var state, from;
        if (cache && cache.step <= step && step - cache.step <= D.spacing) {
          state = cache.state; from = cache.step;
        } else {
          var low = 0, high = checkpoints.length - 1;
          while (low < high) {
            var middle = (low + high + 1) >> 1;
            if (checkpoints[middle][0] <= step) low = middle; else high = middle - 1;
          }
          state = structuredClone(checkpoints[low][1]); from = checkpoints[low][0];
        }
        for (var i = from + 1; i <= step; i++) {
          var edits = steps[i - 1][6];
          for (var e = 0; e < edits.length; e++) state = applyEdit(state, edits[e]);
        }
        cache = { step: step, state: state };
        return state;
      }

      // The state as a tree: a node's children are made when it is first opened.
      function scalar(value) {
        if (typeof value === 'string') return el('span', 's', JSON.stringify(value));
        if (typeof value === 'number') return el('span', 'num', String(value));
        return el('span', 'lit', String(value));
      }
      function treeNode(key, value, open) {
        if (value === null || typeof value !== 'object') {
          var leaf = el('div');
          if (key !== null) { leaf.appendChild(el('span', 'k', key)); leaf.appendChild(document.createTextNode(': ')); }
          leaf.appendChild(scalar(value));
          return leaf;
        }
        var isArray = Array.isArray(value);
        var keys = isArray ? null : Object.keys(value);
        var size = isArray ? value.length : keys.length;
        var details = el('details');
        var summary = el('summary');
        if (key !== null) summary.appendChild(el('span', 'k', key));
        summary.appendChild(el('span', 'sum', (key !== null ? ' ' : '') +
          (isArray ? '[' + size + (size === 1 ? ' item]' : ' items]') :
            '{' + size + (size === 1 ? ' field}' : ' fields}'))));
        details.appendChild(summary);
        var shown = 0;
        function more() {
          var end = Math.min(size, shown + 200);
          for (; shown < end; shown++) {
            details.appendChild(isArray ? treeNode(String(shown), value[shown], false)
              : treeNode(keys[shown], value[keys[shown]], false));
          }
          if (shown < size) {
            var button = el('button', '', 'Show ' + Math.min(200, size - shown) + ' more of ' + (size - shown));
            button.addEventListener('click', function () { button.remove(); more(); });
            details.appendChild(button);
          }
        }
        details.addEventListener('toggle', function () {
          if (details.open && shown === 0 && size > 0) more();
        });
        if (open) { details.open = true; if (size > 0 && shown === 0) more(); }
        return details;
      }
      function parsePath(text) {
        var parts = [];
        text.replace(/\[(\d+)\]/g, '.$1').split('.').forEach(function (part) {
          if (part !== '') parts.push(part);
        });
        return parts;
      }
      var pathInput = $('path');
      function showState() {
        var tree = $('tree');
        tree.textContent = '';
        $('path-note').textContent = '';
        if (selected < 0) return;
        var value = stateAt(selected);
        var parts = parsePath(pathInput.value.trim());
        for (var i = 0; i < parts.length; i++) {
          if (value === null || typeof value !== 'object' || !(parts[i] in value)) {
            var here = value !== null && typeof value === 'object' ? Object.keys(value) : [];
            $('path-note').textContent = 'No value at ' + parts.slice(0, i + 1).join('.') +
              (here.length ? '; ' + (parts.slice(0, i).join('.') || 'the state') + ' holds ' +
                here.slice(0, 20).join(', ') : '') + '.';
            return;
          }
          value = value[parts[i]];
        }
        tree.appendChild(treeNode(parts.length ? parts.join('.') : 'state', value, true));
      }
      pathInput.addEventListener('input', showState);

      function showDiff(text) {
        var diff = $('diff');
        diff.textContent = '';
        if (!text) {
          diff.appendChild(el('div', 'empty', selected === 0 ? 'The state the session started from.'
            : flagsOf(selected) & CHANGED ? 'The state changed only in parts the diff does not show.'
              : 'No change to the state.'));
          return;
        }
        text.split('\n').forEach(function (line) {
          diff.appendChild(el('div', line[0] === '-' ? 'del' : line[0] === '+' ? 'add' : '', line));
        });
      }

      function select(step) {
        if (step < 0 || step >= total) return;
        var previous = rows.get(selected);
        if (previous) previous.setAttribute('aria-selected', 'false');
        selected = step;
        scrollIntoView(step);
        renderRows(false);
        list.setAttribute('aria-activedescendant', 'row-' + step);
        var record = step > 0 ? steps[step - 1] : null;
        $('step-heading').textContent = step === 0 ? 'Initial state' : 'Step #' + step + ' of ' + (total - 1);
        $('step-action').textContent = actionText(step);
        var facts = $('step-facts');
        facts.textContent = '';
        function badge(text, className) { facts.appendChild(el('li', 'badge ' + (className || ''), text)); }
        if (record) {
          var flags = record[2];
          badge('case ' + D.cases[record[1]]);
          if (record[3] > 0) badge('sent at once by step #' + record[3], 'fed');
          if (flags & SENT) badge('its effect sent actions at once', 'fed');
          if (flags & STARTED_WORK) badge('its effect started work', 'work');
          if (record[4] > 0) badge('undo group ' + record[4]);
          if (flags & UNDO) badge('undo');
          if (flags & REDO) badge('redo');
          if (flags & CHECKPOINT) badge('the recording holds a checkpoint after it', 'cp');
          if (flags & MISMATCH) badge('the reducer asked for other generator values than recorded', 'diff');
        }
        var notes = $('step-notes');
        notes.textContent = '';
        if (step === differsAt) {
          var note = el('div', 'note bad', 'The replay differs from the recording here: ' +
            D.difference.reason + '.' + (D.difference.reason.indexOf('recorded after it') < 0 ? ''
              : ' The recording is checked at its checkpoints, so the difference arose at this ' +
                'step or at one since the checkpoint before it.'));
          notes.appendChild(note);
          if (D.difference.diff) {
            notes.appendChild(el('h3', '', 'Recorded (-) and replayed (+) state'));
            var pre = el('pre', 'diff');
            D.difference.diff.split('\n').forEach(function (line) {
              pre.appendChild(el('div', line[0] === '-' ? 'del' : line[0] === '+' ? 'add' : '', line));
            });
            notes.appendChild(pre);
          }
        }
        if (step === markAt) notes.appendChild(el('div', 'note', D.mark.note));
        showDiff(record ? record[5] : '');
        showState();
        if (!selftest && history.replaceState) {
          history.replaceState(null, '', '#step=' + step);
        }
      }
      function jumpTo(step) {
        if (positionOf(step) < 0) {
          search.value = '';
          caseSelect.value = '';
          applyFilters();
        }
        select(step);
        list.focus();
      }
      function move(by) {
        var count = shownCount();
        if (count === 0) return;
        var position = positionOf(selected);
        if (position < 0) {
          // The selected step is filtered out: go to the nearest shown one.
          position = 0;
          while (position < count && shownAt(position) < selected) position++;
          if (by < 0) position--;
          by = 0;
        }
        select(shownAt(Math.max(0, Math.min(count - 1, position + by))));
      }
      document.addEventListener('keydown', function (event) {
        var target = event.target;
        var typing = target && (target.tagName === 'INPUT' || target.tagName === 'SELECT');
        if (event.key === '/' && !typing) { event.preventDefault(); search.focus(); return; }
        if (typing && event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        if (typing && target.tagName === 'SELECT') return;
        var page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
        var moves = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: page, PageUp: -page };
        if (event.key in moves && !(typing && (event.key === 'j' || event.key === 'k'))) {
          event.preventDefault(); move(moves[event.key]);
        } else if (event.key === 'Home' && !typing) {
          event.preventDefault(); select(shownAt(0));
        } else if (event.key === 'End' && !typing) {
          event.preventDefault(); select(shownAt(shownCount() - 1));
        }
      });

      var selftest = location.hash === '#selftest';
      applyFilters();
      var wanted = /^#step=(\d+)$/.exec(location.hash);
      select(wanted ? Math.min(total - 1, Number(wanted[1])) : differsAt > 0 ? differsAt : markAt > 0 ? markAt : 0);
      var ready = performance.now();
      if (selftest) runSelftest();

      // Drives the page as a person would and writes what it found into #selftest-result.
      function runSelftest() {
        var result = { ready: Math.round(ready), steps: total - 1, checks: {}, errors: errors };
        function check(name, ok, detail) { result.checks[name] = ok ? true : String(detail); }
        try {
          check('timeline holds every step', shownCount() === total && spacer.offsetHeight === total * ROW,
            shownCount() + ' rows, spacer ' + spacer.offsetHeight + 'px');
          check('only the rows in view are made', rows.size > 0 && rows.size < 80, rows.size + ' rows made');
          var target = 1;
          for (var i = 1; i < total; i++) if (steps[i - 1][5]) { target = i; break; }
          jumpTo(target);
          var row = $('row-' + target);
          var started = performance.now();
          row.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          result.clickMs = Math.round(performance.now() - started);
          check('a click selects its step', selected === target && row.getAttribute('aria-selected') === 'true',
            'selected ' + selected);
          check('the selected step shows its diff', $('diff').textContent === steps[target - 1][5].split('\n').join(''),
            $('diff').textContent.slice(0, 200));
          check('the selected step shows the state', $('tree').querySelectorAll('summary, div').length > 0,
            'no tree');
          check('the heading names the step', $('step-heading').textContent.indexOf('#' + target) >= 0,
            $('step-heading').textContent);
          var last = total - 1;
          started = performance.now();
          jumpTo(last);
          $('row-' + last).dispatchEvent(new MouseEvent('click', { bubbles: true }));
          result.lastClickMs = Math.round(performance.now() - started);
          check('the last step is reached and shown', selected === last && $('tree').childNodes.length === 1,
            'selected ' + selected);
          select(target);
          list.focus();
          var next = target + 1 < total ? target + 1 : target;
          list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
          check('ArrowDown selects the next step', selected === next, 'selected ' + selected);
          list.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
          check('k selects the previous step', selected === target, 'selected ' + selected);
          var caseName = D.cases[steps[target - 1][1]];
          var word = caseName.split('.').pop();
          search.value = word;
          started = performance.now();
          search.dispatchEvent(new Event('input', { bubbles: true }));
          result.searchMs = Math.round(performance.now() - started);
          var expected = 0;
          for (var j = 0; j < steps.length; j++) {
            if (steps[j][0].toLowerCase().indexOf(word.toLowerCase()) >= 0 ||
              D.cases[steps[j][1]].toLowerCase().indexOf(word.toLowerCase()) >= 0) expected++;
          }
          var shownRows = Array.prototype.slice.call(list.querySelectorAll('.row'));
          check('the search filters the timeline', shownCount() === expected && shownRows.length > 0 &&
            shownRows.every(function (r) {
              var s = Number(r.dataset.step);
              return (actionText(s) + ' ' + D.cases[steps[s - 1][1]]).toLowerCase().indexOf(word.toLowerCase()) >= 0;
            }) && $('count').textContent.indexOf('Showing ' + expected + ' of') === 0,
            shownCount() + ' shown, ' + expected + ' expected');
          search.value = '';
          search.dispatchEvent(new Event('input', { bubbles: true }));
          caseSelect.value = String(steps[target - 1][1]);
          caseSelect.dispatchEvent(new Event('change', { bubbles: true }));
          check('the case filter keeps that case', shownCount() === caseCounts[steps[target - 1][1]],
            shownCount() + ' shown');
          if (D.difference && D.difference.step > 0) {
            $('jump-difference').click();
            check('the jump goes to the differing step', selected === D.difference.step &&
              shownCount() === total && $('row-' + selected).classList.contains('differs'),
              'selected ' + selected);
          }
          if (D.mark) {
            $('jump-mark').click();
            check('the jump goes to the marked step', selected === D.mark.step, 'selected ' + selected);
          }
          caseSelect.value = '';
          caseSelect.dispatchEvent(new Event('change', { bubbles: true }));
          var state = stateAt(selected);
          var key = state && typeof state === 'object' ? Object.keys(state)[0] : null;
          if (key) {
            pathInput.value = key;
            pathInput.dispatchEvent(new Event('input', { bubbles: true }));
            var label = $('tree').querySelector('.k');
            check('a path shows only that part', label && label.textContent === key, label && label.textContent);
            pathInput.value = '';
            pathInput.dispatchEvent(new Event('input', { bubbles: true }));
          }
          check('nothing from the recording became markup',
            document.querySelectorAll('script').length === 2 &&
            document.querySelectorAll('img, iframe, object, embed, link, [onerror], [onload]').length === 0,
            document.querySelectorAll('script').length + ' scripts');
        } catch (error) {
          errors.push('self-test: ' + (error && error.stack || error));
        }
        var out = $('selftest-result');
        out.textContent = JSON.stringify(result);
        out.hidden = false;
      }
    })();
    """#
}
