/* battlesim battle map (issue 7, docs/HTML.md). Vanilla JS + SVG, no
 * network. Reads the JSON of #battle-data: setup, events (the objects of
 * `play --log jsonl`), log lines, keyframes; computes the state after
 * every event once (a keyframe, then the events after it), and draws the
 * state of the chosen step with the renderer of the battle's ruleset
 * (RENDERERS[rules]): the tabletop for bs1e and bs2e, the grid of
 * locations for the matrix system. */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var F_ROUTED = 1, F_OOC = 2, F_DISC = 4, F_REMOVED = 8, F_DESTROYED = 16;
  /* RULING R-462: a mass charm's detachment slot not in use */
  var F_RESERVED = 4194304;
  var PHASE_TITLE = {
    setup: 'Deployment', initiative: 'Initiative', initial_missile: 'Initial missile',
    rally: 'Rally', movement: 'Movement', missile_magic: 'Missile and magic',
    melee: 'Melee', end: 'End'
  };

  /* the markers of spell effects on the map [14.6] [14.7] [2.5] */
  var FX_MARK = { charm: ['C', '#a0307a', 'Charm'], hold: ['IM', '#3a6ea5', 'Immobilized'],
    sleep: ['IM', '#3a6ea5', 'Immobilized'], bonus: ['M', '#2a8a7a', 'Magic'],
    /* [14.6 B] paralyzation, [14.9] a stun (RULING) */
    paralysis: ['IM', '#3a6ea5', 'Immobilized'], stun: ['IM', '#3a6ea5', 'Immobilized'],
    rout: ['F', '#b8322a', 'Fear'],
    /* [14.8] RULING R-631: the no-referee form shows the marker to all */
    invisible: ['I', '#6a5acd', 'Invisible'] };
  function fxNames(fx) {
    var n = [];
    Object.keys(fx || {}).sort().forEach(function (k) {
      var t = fx[k][2] + ' (' + k.split('|')[0] + ')';
      if (n.indexOf(t) < 0) n.push(t);
    });
    return n;
  }

  var B = JSON.parse(document.getElementById('battle-data').textContent);
  var S = B.setup, EV = B.events, LOG = B.log, N = EV.length;
  var units = S.units, indivs = S.individuals;

  function gOf(side, unit) { return S.sides[side] ? S.sides[side].first_unit + unit : -1; }
  function kOf(side, indiv) { return S.sides[side] ? S.sides[side].first_indiv + indiv : -1; }
  function rad(d) { return d * Math.PI / 180; }
  function el(tag, attrs, parent) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) if (attrs[k] != null) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function h(tag, cls, text, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function fmt(x) { return (Math.round(x * 100) / 100).toString(); }

  /* ---- the state after each event ------------------------------------ */

  function fromKeyframe(kf, prev) {
    var st = { units: [], indivs: [], contacts: kf.contacts.slice(), kf: kf.event,
      phaseStart: kf.event, grid: prev && prev.grid ? copyGrid(prev.grid) : null };
    kf.units.forEach(function (a, g) {
      var p = prev ? prev.units[g] : null;
      st.units.push({ x: a[0], y: a[1], f: a[2], files: a[3], form: a[4], figs: a[5],
        wounded: a[6], flags: a[7], gap: a[8], order: a.length > 9 ? a[9] : -1,
        inCommand: p ? p.inCommand : null, cmdBy: p ? p.cmdBy : -1,
        cmdWhy: p ? p.cmdWhy : '', ml: p ? p.ml : null, ar: p ? p.ar : null,
        lastMorale: p ? p.lastMorale : null, loss: p ? p.loss : null,
        special: p ? p.special : 'none', specialSides: p ? p.specialSides : [],
        fx: p ? p.fx : {} });
    });
    kf.indivs.forEach(function (a, k) {
      var p = prev ? prev.indivs[k] : null;
      st.indivs.push({ x: a[0], y: a[1], alive: !!a[2], with: a[3],
        fate: p ? p.fate : null, hp: p ? p.hp : null, hpMax: p ? p.hpMax : null,
        role: p ? p.role : null, fx: p ? p.fx : {}, magicLeft: p ? p.magicLeft : null });
    });
    return st;
  }
  function clone(st) {
    return { units: st.units.map(function (u) { return Object.assign({}, u); }),
      indivs: st.indivs.map(function (i) { return Object.assign({}, i); }),
      contacts: st.contacts, kf: st.kf, phaseStart: st.phaseStart,
      grid: st.grid ? copyGrid(st.grid) : null };
  }
  function gapOf(u) { return S.gaps[u.form] || 0; }

  /* What each event type changes (unknown types change nothing; 2E and
   * matrix add theirs here). */
  var APPLY = {
    deploy: function (st, e) {
      if (e.unit != null) {
        var u = st.units[gOf(e.side, e.unit)];
        u.x = e.x; u.y = e.y; u.f = e.facing; u.figs = e.figures; u.files = e.files;
        u.form = S.formations.indexOf(e.formation); u.gap = gapOf(u);
      } else if (e.indiv != null) {
        var d = st.indivs[kOf(e.side, e.indiv)];
        d.x = e.x; d.y = e.y;
      }
    },
    move: function (st, e, i) {
      if (e.unit != null) {
        var u = st.units[gOf(e.side, e.unit)];
        if (e.move === 'face') {
          var turn = Math.abs(((e.facing1 - e.facing0) % 360 + 540) % 360 - 180);
          if (Math.abs(turn - 90) < 1) u.files = Math.ceil(u.figs / u.files);
        }
        u.x = e.x1; u.y = e.y1; u.f = e.facing1;
      } else if (e.indiv != null) {
        var d = st.indivs[kOf(e.side, e.indiv)];
        d.x = e.x1; d.y = e.y1;
      }
    },
    rout: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      u.x = e.x1; u.y = e.y1; u.f = e.facing1; u.flags |= F_ROUTED;
    },
    formation: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      u.form = S.formations.indexOf(e.to); u.files = e.files_to;
      u.gap = e.cramped ? 0 : gapOf(u);
    },
    losses: function (st, e, i) {
      var u = st.units[gOf(e.side, e.unit)];
      u.loss = { step: i, before: u.figs, after: e.figures_left, files: u.files };
      u.figs = e.figures_left; u.wounded = e.wounded_now;
      if (u.figs <= 0) u.flags |= F_DESTROYED;
    },
    removed: function (st, e) {
      st.units[gOf(e.side, e.unit)].flags |= F_REMOVED;
    },
    rally: function (st, e) {
      if (e.unit == null || e.unit < 0) return;
      var u = st.units[gOf(e.side, e.unit)];
      if (e.ml) u.ml = e.ml.text;
      if (e.rallied && e.order === 'rally') u.flags &= ~(F_ROUTED | F_DISC);
    },
    morale: function (st, e, i) {
      var u = st.units[gOf(e.side, e.unit)];
      if (e.ml) u.ml = e.ml.text;
      u.lastMorale = { step: i, passed: e.passed, effect: e.effect };
    },
    discipline: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      if (!e.passed) u.flags |= F_DISC;
    },
    command: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      u.inCommand = e.in_command; u.cmdWhy = e.reason;
      u.cmdBy = e.indiv != null ? e.indiv : -1;
      if (e.in_command) u.flags &= ~F_OOC; else u.flags |= F_OOC;
    },
    attack: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      if (e.ar) u.ar = e.ar.text;
    },
    /* [11.6] [11.7] a shield wall or set spears declared, given up or
     * broken (issue 15) */
    special: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      u.special = e.to; u.specialSides = e.sides || [];
    },
    /* issue 14: the AR of its last volley, with its Table 13 terms */
    volley: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      if (e.ar) u.msl = e.ar.text;
    },
    fate: function (st, e) {
      var d = st.indivs[kOf(e.side, e.indiv)];
      d.fate = e.fate_text || e.fate;
    },
    /* the Intermediate Game (issue 15): hit points, death [9.4], roles [9.0] */
    hp: function (st, e) {
      var d = st.indivs[kOf(e.side, e.indiv)];
      d.hp = e.hp; d.hpMax = e.hp_max;
      if (e.killed) d.alive = false;
    },
    duel: function (st, e) {
      if (!e.hit) return;
      var d = st.indivs[kOf(e.target_side, e.target_indiv)];
      if (d) d.hp = e.target_hp;
    },
    role: function (st, e) {
      var d = st.indivs[kOf(e.side, e.indiv)];
      if (e.role) d.role = e.role;
    },
    /* the Advanced Game (issue 16): what a caster has left after a cast
     * [14.1] [13.7] [14.20]; the markers of the effects in play [14.6]
     * [14.7] (Charm, Immobilized, Magic), set by an effect that takes and
     * taken off by its end [1.7] (a fear routs: the R marker says it) */
    cast: function (st, e) {
      if (e.step === 'cast') {
        var c = st.indivs[kOf(e.side, e.indiv)];
        if (!c) return;
        c.magicLeft = e.kind === 'breath' ? e.spells_left + ' breath' + (e.spells_left === 1 ? '' : 's') + ' left today'
          : e.charges_left != null ? e.spell + ': ' + e.charges_left + ' charge' + (e.charges_left === 1 ? '' : 's') +
            ' left; ' + e.spells_left + ' spell' + (e.spells_left === 1 ? '' : 's') + ' left'
          : e.spells_left + ' spell' + (e.spells_left === 1 ? '' : 's') + ' left';
        return;
      }
      var mk = FX_MARK[e.effect];
      if (!mk || (e.step !== 'effect' && e.step !== 'ends')) return;
      if (e.step === 'effect' && !(e.affected > 0)) return;
      /* a fear routs a unit (its R marker); a lone individual flees
       * for the spell's duration (RULING R-676) */
      if (e.effect === 'rout' && e.target_unit != null) return;
      var key = e.spell + '|' + e.effect, on = e.step === 'effect';
      function set(o) {
        if (!o) return;
        o.fx = Object.assign({}, o.fx);
        if (on) o.fx[key] = mk; else delete o.fx[key];
      }
      if (e.target_unit != null) set(st.units[gOf(e.target_side, e.target_unit)]);
      if (e.target_indiv != null) {
        set(st.indivs[kOf(e.target_side, e.target_indiv)]);
        /* [14.6 A] a charmed commander takes the unit he commands */
        if (e.effect === 'charm')
          units.forEach(function (d, g) {
            if (d.side === e.target_side && d.commander === e.target_indiv) set(st.units[g]);
          });
      }
    },
    /* 2E (issue 5): n[2] the order after the check; n[4] figures left */
    bs2e_morale: function (st, e) {
      var u = st.units[gOf(e.side, e.unit)];
      if (e.n) u.order = e.n[2];
      if (e.deriv) u.ml = 'ML ' + e.deriv.text;
      u.lastMorale = { passed: e.n && e.n[0], effect: e.text };
    },
    bs2e_hits: function (st, e, i) {
      var u = st.units[gOf(e.side, e.unit)];
      if (!e.n) return;
      if (e.n[4] < u.figs) u.loss = { step: i, before: u.figs, after: e.n[4], files: u.files };
      u.figs = e.n[4];
    },
    /* matrix (issue 6): the grid as drawn by MX_GRID, then each move */
    mx_grid: function (st, e) {
      st.grid = parseGrid(e.text, e.n);
    },
    mx_move: function (st, e) {
      if (!st.grid || !e.n) return;
      var tag = tagOf(e.side, e.unit);
      moveTag(st.grid, tag, e.n[0], e.n[1], e.n[2], e.n[3], e.n[6]);
    }
  };
  APPLY.removed = (function (f) {
    return function (st, e) {
      f(st, e);
      if (st.grid) dropTag(st.grid, tagOf(e.side, e.unit));
    };
  })(APPLY.removed);

  /* ---- the matrix: cells of brigade tags ("A3", "!" routed, "^" aerial) */
  function tagOf(side, unit) { return String.fromCharCode(65 + side) + (unit + 1); }
  function parseTag(t) {
    return { tag: t.replace(/[!^]/g, ''), routed: t.indexOf('!') >= 0, aerial: t.indexOf('^') >= 0 };
  }
  function parseGrid(text, n) {
    var rows = (text || '').split('/').map(function (r) {
      return r.split('|').map(function (c) { return c ? c.split(',').map(parseTag) : []; });
    });
    var g = { rows: n ? n[0] : rows.length - 2, cols: n ? n[1] : 1, reserve: [[], []], cells: [] };
    g.reserve[0] = (rows[0] || []).reduce(function (a, c) { return a.concat(c); }, []);
    g.reserve[1] = (rows[rows.length - 1] || []).reduce(function (a, c) { return a.concat(c); }, []);
    for (var r = 0; r < g.rows; r++) {
      var row = rows[r + 1] || [];
      g.cells.push([]);
      for (var c = 0; c < g.cols; c++) g.cells[r].push(row[c] || []);
    }
    return g;
  }
  function copyGrid(g) {
    return { rows: g.rows, cols: g.cols,
      reserve: g.reserve.map(function (a) { return a.map(function (t) { return Object.assign({}, t); }); }),
      cells: g.cells.map(function (r) { return r.map(function (c) { return c.map(function (t) { return Object.assign({}, t); }); }); }) };
  }
  function dropTag(g, tag) {
    var found = null;
    function take(list) {
      for (var i = 0; i < list.length; i++) if (list[i].tag === tag) { found = list.splice(i, 1)[0]; return; }
    }
    take(g.reserve[0]); take(g.reserve[1]);
    g.cells.forEach(function (r) { r.forEach(take); });
    return found;
  }
  function moveTag(g, tag, r0, c0, r1, c1, routing) {
    var t = dropTag(g, tag) || { tag: tag, routed: false, aerial: false };
    if (routing) t.routed = true;
    var side = tag.charCodeAt(0) - 65;
    if (r1 < 0) g.reserve[side === 0 ? 0 : 1].push(t);
    else if (r1 < g.rows && c1 >= 0 && c1 < g.cols) g.cells[r1][c1].push(t);
  }

  var KF = {};
  B.keyframes.forEach(function (k) { if (!(k.event in KF)) KF[k.event] = k; });
  var STATES = new Array(N);
  var PHASE_OF = new Array(N); /* index of the PHASE event that began the phase */
  (function replay() {
    var st = null, ph = 0;
    for (var i = 0; i < N; i++) {
      var e = EV[i];
      if (KF[i]) st = fromKeyframe(KF[i], st);
      else st = clone(st);
      if (e.type === 'phase' || e.type === 'round' || e.type === 'battle_start') ph = i;
      st.phaseStart = ph;
      var f = APPLY[e.type];
      /* an event the page cannot apply (indexes it does not know)
       * changes nothing; the next keyframe puts every unit right */
      if (f) try { f(st, e, i); } catch (x) { if (window.console) console.warn('event ' + i, x); }
      STATES[i] = st;
      PHASE_OF[i] = ph;
    }
  })();

  /* ---- geometry of a block (include/battlesim/tabletop.h) ----------- */

  function shape(g, u) {
    var d = units[g], figs = Math.max(1, u.figs), files = Math.max(1, Math.min(u.files, figs));
    var ranks = Math.ceil(figs / files), last = figs - (ranks - 1) * files;
    var gap = u.gap;
    return { figs: figs, files: files, ranks: ranks, last: last, bw: d.base_w, bd: d.base_d,
      gap: gap, width: files * d.base_w + (files - 1) * gap,
      depth: ranks * d.base_d + (ranks - 1) * gap };
  }
  /* slot of figure i: rank 0 first; a partial last rank stands centred */
  function slot(s, i) {
    var rank = Math.floor(i / s.files), file = i % s.files;
    if (rank === s.ranks - 1 && s.last < s.files) file += Math.floor((s.files - s.last) / 2);
    return [file, rank];
  }
  /* table point of a local point (x across from the front-left, y back) */
  function toTable(u, s, lx, ly) {
    var fx = Math.sin(rad(u.f)), fy = Math.cos(rad(u.f));
    var rx = fy, ry = -fx; /* right of the facing */
    var x = lx - s.width / 2;
    return [u.x + rx * x - fx * ly, u.y + ry * x - fy * ly];
  }
  function centre(g, u) {
    var s = shape(g, u);
    return toTable(u, s, s.width / 2, s.depth / 2);
  }

  /* ---- the tabletop renderer (bs1e, bs2e) ----------------------------- */

  var svg = document.getElementById('map');
  var W = S.table.width, D = S.table.depth;
  function sx(x) { return x; }
  function sy(y) { return D - y; }
  var selected = -1, hovered = -1;

  /* ---- terrain (issue 14 part 6, docs/HTML.md "Terrain") ---------------
   * Each feature drawn by its kind: areas (woods, rough, swamp, water,
   * road, building, clear) as filled outlines, water that may be forded
   * dashed; obstacles (stream, wall, fence, hedge, ditch, trench, gulley,
   * a generic obstacle) as lines along their length when their outline is
   * a strip, else as a thick outline; elevation and hills shaded by their
   * contour level (10' each), the lower drawn first. The name, kind and
   * rule of each on hover (its <title>); a legend of the kinds present. */
  var LEVEL_FILL = ['#efe3c0', '#dcc48f', '#c9a86a', '#b58d4e', '#9d7339', '#855c2a'];
  function levelFill(l) {
    return LEVEL_FILL[Math.max(0, Math.min(LEVEL_FILL.length, l) - 1)];
  }
  var LINE_KINDS = { stream: 1, wall: 1, fence: 1, hedge: 1, ditch: 1, trench: 1,
    gulley: 1, obstacle: 1 };
  function terrainClass(t) {
    return 'terrain ' + (t.row || t.type) + ' ' + t.type +
      (t.fordable ? ' fordable' : '');
  }
  /* the centre line of a strip outline (its points along one side and back
   * along the other: point i faces point n-1-i) and its width; null when
   * the outline is not such a strip */
  function stripLine(pts) {
    var n = pts.length;
    if (n < 4 || n % 2) return null;
    var line = [], w = 0;
    for (var i = 0; i < n / 2; i++) {
      var a = pts[i], b = pts[n - 1 - i];
      line.push([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
      w += Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]));
    }
    w /= n / 2;
    var len = 0;
    for (var k = 1; k < line.length; k++)
      len += Math.sqrt(Math.pow(line[k][0] - line[k - 1][0], 2) +
        Math.pow(line[k][1] - line[k - 1][1], 2));
    return len > 2 * w ? { pts: line, width: w } : null;
  }
  function terrainTitle(t) {
    var r = { clear: 'clear ground', road: 'road: +1/3 MV for a unit wholly on it [11.8]',
      woods: 'woods: 2/3 MV, no closed formation, sight 1" (6" woodland) [11.8] [11.9]',
      obstacle: 'obstacle: 1/3 MV to cross, no charge through it [11.8]',
      elevation: 'elevation: 1/3 MV per 10\' up, no charge uphill [11.8]',
      rough: 'rough: 1/2 MV, no closed formation [11.8]',
      swamp: 'swamp: 1/2 MV, no closed formation [11.8]',
      water: t.fordable ? 'water, fordable: crossed as an obstacle (R-441)'
        : 'water: only aquatic or amphibious units [11.8]' }[t.row] || t.row;
    return t.name + ' (' + t.label + (t.elevation ? ', ' + t.elevation * 10 + ' ft' : '') +
      '): ' + r;
  }
  function terrainKinds() {
    var seen = {}, out = [];
    S.terrain.forEach(function (t) {
      var key = t.type + (t.fordable ? ' fordable' : '') + (t.elevation ? ' ' + t.elevation : '');
      if (seen[key]) return;
      seen[key] = 1;
      out.push(t);
    });
    return out;
  }
  function terrainLegendRows() {
    var x = 0, rows = 1;
    terrainKinds().forEach(function (t) {
      var w = 2 + 0.62 * legendText(t).length;
      if (x > 0 && x + w > W) { rows++; x = 0; }
      x += w + 1;
    });
    return rows;
  }
  function legendText(t) {
    return t.label + (t.fordable ? ' (fordable)' : '') +
      (t.elevation ? ' ' + t.elevation * 10 + ' ft' : '');
  }
  function drawShape(t, parent, legend) {
    var cls = terrainClass(t), e;
    var strip = LINE_KINDS[t.type] ? stripLine(t.pts) : null;
    if (legend) {
      if (LINE_KINDS[t.type])
        e = el('line', { class: cls + ' as-line', x1: legend[0], y1: legend[1] + 0.5,
          x2: legend[0] + 1.4, y2: legend[1] + 0.5,
          style: 'stroke-width:' + 0.35 }, parent);
      else
        e = el('rect', { class: cls, x: legend[0], y: legend[1], width: 1.4, height: 1 }, parent);
    } else if (strip) {
      e = el('polyline', { class: cls + ' as-line', 'data-name': t.name,
        points: strip.pts.map(function (p) { return sx(p[0]) + ',' + sy(p[1]); }).join(' '),
        style: 'stroke-width:' + Math.max(0.3, strip.width).toFixed(2) }, parent);
    } else {
      e = el(t.type === 'road' && t.pts.length === 2 ? 'polyline' : 'polygon',
        { class: cls, 'data-name': t.name,
          points: t.pts.map(function (p) { return sx(p[0]) + ',' + sy(p[1]); }).join(' ') },
        parent);
    }
    if (t.row === 'elevation') {
      e.setAttribute('data-level', t.elevation);
      e.setAttribute('style', 'fill:' + levelFill(t.elevation));
    }
    if (!legend) el('title', {}, e).textContent = terrainTitle(t);
    return e;
  }
  function drawTerrain(svg) {
    var ter = el('g', { id: 'terrain' }, svg);
    /* areas first, the contours by level (lower first), lines on top */
    var order = S.terrain.map(function (t, i) { return i; });
    function rank(t) {
      if (t.row === 'elevation') return t.elevation;
      return LINE_KINDS[t.type] ? 1000 : t.type === 'building' ? 999 : 500;
    }
    order.sort(function (a, b) {
      return rank(S.terrain[a]) - rank(S.terrain[b]) || a - b;
    });
    order.forEach(function (i) { drawShape(S.terrain[i], ter, null); });
    S.terrain.forEach(function (t) {
      if (!t.pts.length) return;
      var cx = 0, cy = 0;
      t.pts.forEach(function (p) { cx += p[0]; cy += p[1]; });
      var lab = el('text', { class: 'terrain-label', x: sx(cx / t.pts.length),
        y: sy(cy / t.pts.length), 'text-anchor': 'middle' }, ter);
      lab.textContent = t.name + (t.elevation ? ' (' + t.elevation * 10 + ' ft)' : '');
    });
    if (!S.terrain.length) return;
    /* the legend, under the table */
    var lg = el('g', { id: 'terrain-legend' }, svg);
    var x = 0, y = D + 2.4;
    terrainKinds().forEach(function (t) {
      var text = legendText(t), w = 2 + 0.62 * text.length;
      if (x > 0 && x + w > W) { x = 0; y += 1.6; }
      var item = el('g', { class: 'legend-item', 'data-type': t.type }, lg);
      drawShape(t, item, [x, y]);
      var lab = el('text', { class: 'legend-label', x: x + 1.8, y: y + 0.9 }, item);
      lab.textContent = text;
      x += w + 1;
    });
  }

  var Tabletop = {
    init: function () {
      var m = 2;
      var legendRows = S.terrain.length ? terrainLegendRows() : 0;
      svg.setAttribute('viewBox', (-m) + ' ' + (-m) + ' ' + (W + 2 * m) + ' ' +
        (D + 2 * m + legendRows * 1.6));
      el('rect', { class: 'table-top', x: 0, y: 0, width: W, height: D }, svg);
      var grid = el('g', {}, svg);
      for (var x = 6; x < W; x += 6) el('line', { class: 'grid', x1: x, y1: 0, x2: x, y2: D }, grid);
      for (var y = 6; y < D; y += 6) el('line', { class: 'grid', x1: 0, y1: sy(y), x2: W, y2: sy(y) }, grid);
      drawTerrain(svg);
      /* the edges: side names at their home edges */
      S.sides.forEach(function (sd) {
        var pos = { south: [W / 2, D + 1.4], north: [W / 2, -0.6], west: [-0.6, D / 2],
          east: [W + 0.6, D / 2] }[sd.edge] || [W / 2, D + 1.4];
        var t = el('text', { class: 'label', x: pos[0], y: pos[1], fill: sd.colour,
          style: 'fill:' + sd.colour + ';font-size:1.3px' }, svg);
        if (sd.edge === 'west' || sd.edge === 'east')
          t.setAttribute('transform', 'rotate(' + (sd.edge === 'west' ? -90 : 90) + ' ' + pos[0] + ' ' + pos[1] + ')');
        t.textContent = sd.name + ' (home edge)';
      });
      this.lPaths = el('g', { id: 'paths' }, svg);
      this.lRadius = el('g', { id: 'radii' }, svg);
      this.lRanges = el('g', { id: 'ranges' }, svg);
      this.lUnits = el('g', { id: 'units' }, svg);
      this.lContacts = el('g', { id: 'contacts' }, svg);
      this.lIndivs = el('g', { id: 'indivs' }, svg);
      this.lLabels = el('g', { id: 'labels' }, svg);
      var lg = document.getElementById('legend');
      S.sides.forEach(function (sd) {
        var sw = h('span', 'sw', null, lg); sw.style.background = sd.colour;
        h('span', null, sd.name, lg);
      });
      h('span', null, ' \u2014 grid of 6" squares; R routed, ' +
        'S shaken (2E), W wounded figure, OC out of command, D discipline failed; \u2605 commander, ' +
        '\u25CF hero; orange: melee contact; blue: missile fire of this phase (the figures it killed); ' +
        'purple: the spell areas of this phase; C charmed, IM immobilized (held or asleep), M magic (a bonus spell)', lg);
    },

    /* the view: the whole table, or (zoom) the units of this round */
    view: function (i) {
      var m = 2, vb = [-m, -m, W + 2 * m, D + 2 * m];
      if (document.getElementById('opt-zoom').checked) {
        var r0 = i, r1 = i;
        while (r0 > 0 && EV[r0].type !== 'round') r0--;
        while (r1 < N - 1 && EV[r1 + 1].type !== 'round') r1++;
        var b = [1e9, 1e9, -1e9, -1e9];
        for (var j = r0; j <= r1; j += Math.max(1, (r1 - r0) >> 3)) this.bbox(STATES[j], b);
        this.bbox(STATES[r1], b);
        if (b[0] < b[2]) {
          var pad = 5, x0 = Math.max(-m, b[0] - pad), x1 = Math.min(W + m, b[2] + pad);
          var y0 = Math.max(-m, b[1] - pad), y1 = Math.min(D + m, b[3] + pad);
          var w = Math.max(x1 - x0, 24), hh = Math.max(y1 - y0, 16);
          vb = [(x0 + x1 - w) / 2, D - (y0 + y1 + hh) / 2, w, hh];
        }
      }
      svg.setAttribute('viewBox', vb.map(function (v) { return v.toFixed(2); }).join(' '));
    },
    bbox: function (st, b) {
      units.forEach(function (d, g) {
        var u = st.units[g];
        if (u.flags & F_REMOVED || u.figs <= 0) return;
        var s = shape(g, u);
        [[0, 0], [s.width, 0], [0, s.depth], [s.width, s.depth]].forEach(function (c) {
          var p = toTable(u, s, c[0], c[1]);
          b[0] = Math.min(b[0], p[0]); b[1] = Math.min(b[1], p[1]);
          b[2] = Math.max(b[2], p[0]); b[3] = Math.max(b[3], p[1]);
        });
      });
    },

    /* where a unit (its centre) or an individual stands in state st */
    where: function (st, side, unit, indiv) {
      if (side == null) return null;
      if (indiv != null) {
        var k = kOf(side, indiv), v = st.indivs[k];
        if (!v) return null;
        if (v.with >= 0) {
          var gw = gOf(side, v.with);
          return st.units[gw] ? centre(gw, st.units[gw]) : null;
        }
        return [v.x, v.y];
      }
      if (unit == null) return null;
      var g = gOf(side, unit);
      return st.units[g] ? centre(g, st.units[g]) : null;
    },

    draw: function (i) {
      var st = STATES[i], e = EV[i], self = this, ph = PHASE_OF[i];
      this.view(i);
      [this.lPaths, this.lRadius, this.lRanges, this.lUnits, this.lContacts, this.lIndivs,
        this.lLabels].forEach(function (l) { while (l.firstChild) l.removeChild(l.firstChild); });
      /* the missile range of the selected unit (issue 14): its bands,
       * 45 degrees either side of its front [10.1] [10.8] */
      if (document.getElementById('opt-ranges').checked && selected >= 0 && units[selected].missile &&
          !(st.units[selected].flags & F_REMOVED))
        this.ranges(selected, st.units[selected]);
      /* movement paths of the current phase, up to this step */
      if (document.getElementById('opt-paths').checked) {
        for (var j = ph; j <= i; j++) {
          var m = EV[j];
          if ((m.type !== 'move' && m.type !== 'rout') || m.x0 == null) continue;
          var col = S.sides[m.side].colour;
          el('line', { class: 'path', x1: sx(m.x0), y1: sy(m.y0), x2: sx(m.x1), y2: sy(m.y1),
            stroke: col, 'marker-end': 'url(#arrow)' }, this.lPaths);
          el('circle', { cx: sx(m.x0), cy: sy(m.y0), r: 0.25, fill: col, opacity: 0.7 }, this.lPaths);
        }
      }
      /* labels: each moved up until it overlaps none placed before */
      var placed = [];
      function place(x, y, w, hgt) {
        for (var n = 0; n < 8; n++) {
          var clash = placed.some(function (p) {
            return Math.abs(p[0] - x) < (p[2] + w) / 2 && Math.abs(p[1] - y) < (p[3] + hgt) / 2;
          });
          if (!clash) break;
          y -= hgt;
        }
        placed.push([x, y, w, hgt]);
        return y;
      }
      /* units */
      var count = 0;
      units.forEach(function (d, g) {
        if (st.units[g].flags & F_RESERVED) return;
        var u = st.units[g], s = shape(g, u), side = S.sides[d.side];
        var actor = e.unit != null && e.indiv == null && gOf(e.side, e.unit) === g;
        var target = e.target_unit != null && gOf(e.target_side, e.target_unit) === g;
        var cls = 'unit' + (u.flags & F_ROUTED || u.order === 2 ? ' routed' : '') +
          (u.order === 1 ? ' shaken' : '') +
          (u.flags & F_REMOVED ? ' removed' : '') + (g === selected ? ' selected' : '') +
          (actor ? ' actor' : '') + (target ? ' target' : '');
        var grp = el('g', { class: cls, id: 'unit-' + d.side + '-' + d.unit,
          'data-side': d.side, 'data-unit': d.unit, 'data-name': d.name,
          'data-x': fmt(u.x), 'data-y': fmt(u.y), 'data-facing': fmt(u.f),
          'data-figures': u.figs, 'data-files': s.files, 'data-ranks': s.ranks,
          'data-formation': S.formations[u.form] || '', 'data-flags': u.flags,
          'data-special': u.special || 'none',
          transform: 'translate(' + sx(u.x) + ' ' + sy(u.y) + ') rotate(' + u.f + ')' },
          self.lUnits);
        count++;
        grp.addEventListener('mouseenter', function () { hovered = g; showInfo(); });
        grp.addEventListener('mouseleave', function () { hovered = -1; showInfo(); });
        grp.addEventListener('click', function (ev) { ev.stopPropagation(); selected = selected === g ? -1 : g; render(); });
        /* local frame: x right across the front, y back from the front edge */
        var x0 = -s.width / 2;
        el('rect', { class: 'outline', x: x0 - 0.15, y: -0.15, width: s.width + 0.3,
          height: s.depth + 0.3 }, grp);
        var alive = u.flags & F_REMOVED ? 0 : u.figs;
        for (var f = 0; f < alive; f++) {
          var sl = slot(s, f);
          el('rect', { class: 'fig', x: x0 + sl[0] * (s.bw + s.gap), y: sl[1] * (s.bd + s.gap),
            width: s.bw, height: s.bd, fill: side.colour }, grp);
        }
        /* RULING R-164 [8.7] the rearmost figure carries the wound marker */
        for (var w = 0; w < Math.min(u.wounded, alive); w++) {
          var sw = slot(s, alive - 1 - w);
          el('circle', { class: 'wound', cx: x0 + sw[0] * (s.bw + s.gap) + s.bw / 2,
            cy: sw[1] * (s.bd + s.gap) + s.bd / 2, r: Math.min(s.bw, s.bd) / 4 }, grp);
        }
        /* RULING R-164 [7.2] the figures lost this phase, off the rear */
        if (u.loss && u.loss.step >= ph && u.loss.after < u.loss.before) {
          var ls = shape(g, { figs: u.loss.before, files: u.loss.files, gap: u.gap });
          for (var q = u.loss.after; q < u.loss.before; q++) {
            var sq = slot(ls, q);
            var gx = -ls.width / 2 + sq[0] * (ls.bw + ls.gap), gy = sq[1] * (ls.bd + ls.gap);
            el('rect', { class: 'ghost', x: gx, y: gy, width: ls.bw, height: ls.bd }, grp);
            el('path', { class: 'ghost', d: 'M' + gx + ' ' + gy + 'l' + ls.bw + ' ' + ls.bd +
              'M' + (gx + ls.bw) + ' ' + gy + 'l' + (-ls.bw) + ' ' + ls.bd }, grp);
          }
        }
        if (alive) el('line', { class: 'front-edge', x1: x0, y1: 0, x2: x0 + s.width, y2: 0 }, grp);
        /* [11.6] the shield wall's front (every side of the square),
         * [11.7] the sides the spears are set on: a heavy edge */
        if (alive && u.special && u.special !== 'none') {
          var edges = u.special === 'set-spears' ? u.specialSides
            : u.special === 'shield-square' ? ['front', 'left', 'rear', 'right'] : ['front'];
          var ex = { front: [x0, 0, x0 + s.width, 0], rear: [x0, s.depth, x0 + s.width, s.depth],
            left: [x0, 0, x0, s.depth], right: [x0 + s.width, 0, x0 + s.width, s.depth] };
          edges.forEach(function (ed) {
            var q = ex[ed];
            if (q) el('line', { class: 'special-edge ' + u.special, x1: q[0], y1: q[1], x2: q[2], y2: q[3] }, grp);
          });
        }
        if (!alive) return;
        /* label and markers, upright */
        var c = centre(g, u);
        var text = d.name + ' (' + u.figs + ')';
        var ly = place(sx(c[0]), sy(c[1]) - Math.max(s.width, s.depth) / 2 - 0.5, text.length * 0.5, 1.0);
        var lab = el('text', { class: 'label', x: sx(c[0]), y: ly }, self.lLabels);
        lab.textContent = text;
        var marks = [];
        if (u.flags & F_ROUTED || u.order === 2) marks.push(['R', '#b8322a']);
        else if (u.order === 1) marks.push(['S', '#c77700']);
        if (u.wounded) marks.push(['W', '#d07a00']);
        if (u.flags & F_OOC) marks.push(['OC', '#555']);
        if (u.special === 'shield-wall' || u.special === 'shield-square') marks.push(['SW', '#2a5db8']);
        if (u.special === 'set-spears') marks.push(['SP', '#2a7a3a']);
        if (u.flags & F_DISC) marks.push(['D', '#7a3fa0']);
        var seen = {};
        Object.keys(u.fx || {}).sort().forEach(function (k) {
          var m = u.fx[k];
          if (!seen[m[0]]) { seen[m[0]] = 1; marks.push([m[0], m[1], m[2]]); }
        });
        marks.forEach(function (mk, n) {
          var bx = sx(c[0]) + (n - (marks.length - 1) / 2) * 1.5, by = sy(c[1]) + s.depth / 2 + 1.0;
          el('rect', { class: 'badge', x: bx - 0.7, y: by - 0.6, width: 1.4, height: 1.0, rx: 0.2,
            fill: mk[1] }, self.lLabels);
          var t = el('text', { class: 'marker', x: bx, y: by + 0.15, fill: '#fff',
            'data-marker': mk[2] || null }, self.lLabels);
          t.textContent = mk[0];
        });
        if (u.loss && u.loss.step === i) {
          var lt = el('text', { class: 'loss-text', x: sx(c[0]) + s.width / 2 + 1.2, y: sy(c[1]) }, self.lLabels);
          lt.textContent = '\u2212' + (u.loss.before - u.loss.after);
        }
      });
      svg.setAttribute('data-units', count);
      /* melee contacts: as the phase began, and those made since */
      st.contacts.forEach(function (c) {
        if (!st.units[c[0]] || !st.units[c[1]]) return;
        if (st.units[c[0]].flags & F_REMOVED || st.units[c[1]].flags & F_REMOVED) return;
        el('line', { class: 'contact', x1: sx(c[2]), y1: sy(c[3]), x2: sx(c[4]) + 0.001,
          y2: sy(c[5]) }, self.lContacts);
      });
      /* missile fire of this phase up to this step (issue 14): each
       * volley a line from the shooter to where its target stood, with
       * the figures it killed; the current one bold, with an arrow */
      /* the spells of this phase up to this step (issue 16): each
       * area where it landed [14.2], the current one bold, with the
       * caster's line to it; named on hover by its log line */
      for (var j4 = ph; j4 <= i; j4++) {
        var ce4 = EV[j4];
        if (ce4.type !== 'cast' || ce4.step !== 'cast' || ce4.failed) continue;
        var now4 = j4 === i;
        var ar4 = areaShape(ce4, this.lContacts, 'spell-area ' + (ce4.kind || 'spell') + (now4 ? ' current' : ''));
        if (ar4) {
          ar4.setAttribute('data-step', j4);
          ar4.setAttribute('data-spell', ce4.spell);
          el('title', {}, ar4).textContent = LOG[j4] ? String(LOG[j4]).replace(/^\s+/, '') : '';
        }
        if (now4 && ce4.x0 != null)
          el('line', { class: 'spell-line', x1: sx(ce4.x0), y1: sy(ce4.y0), x2: sx(ce4.x1), y2: sy(ce4.y1) },
            this.lContacts);
      }
      for (var j3 = ph; j3 <= i; j3++) {
        var ve = EV[j3], vs = volleyLine(ve, STATES[j3]);
        if (!vs) continue;
        var now = j3 === i;
        var vl = el('line', { class: 'volley' + (now ? ' current' : ''), x1: sx(vs[0]), y1: sy(vs[1]),
          x2: sx(vs[2]), y2: sy(vs[3]), 'marker-end': now ? 'url(#arrow-blue)' : null,
          'data-step': j3 }, this.lContacts);
        var vt = el('title', {}, vl);
        vt.textContent = LOG[j3] ? String(LOG[j3]).replace(/^\s+/, '') : '';
        if (vs[4] != null) {
          var vlab = el('text', { class: 'volley-text', x: sx((vs[0] + 2 * vs[2]) / 3),
            y: sy((vs[1] + 2 * vs[3]) / 3) }, this.lLabels);
          vlab.textContent = vs[4];
        }
      }
      /* [9.4] a duel's blow, a hero's attack on a figure, figures
       * attacking a hero: an arrow from the attacker to his target */
      var ie = EV[i];
      if (ie && (ie.type === 'duel' || ie.type === 'hero_attack' || ie.type === 'figure_attack')) {
        var pa = self.where(st, ie.side, ie.unit, ie.indiv);
        var pb = self.where(st, ie.target_side, ie.target_unit, ie.target_indiv);
        if (pa && pb)
          el('line', { class: 'attack', x1: sx(pa[0]), y1: sy(pa[1]), x2: sx(pb[0]) + 0.001,
            y2: sy(pb[1]), 'marker-end': 'url(#arrow-red)', opacity: 0.9 }, self.lContacts);
      }
      for (var j2 = st.kf; j2 <= i; j2++) {
        var ce = EV[j2];
        if (ce.type !== 'contact' && !(ce.type === 'attack' && j2 === i)) continue;
        if (ce.unit == null || ce.target_unit == null) continue;
        var a = gOf(ce.side, ce.unit), b = gOf(ce.target_side, ce.target_unit);
        if (!st.units[a] || !st.units[b]) continue;
        var ca = centre(a, st.units[a]), cb = centre(b, st.units[b]);
        el('line', { class: ce.type === 'attack' ? 'attack' : 'contact', x1: sx(ca[0]), y1: sy(ca[1]),
          x2: sx(cb[0]), y2: sy(cb[1]), 'marker-end': ce.type === 'attack' ? 'url(#arrow-red)' : null,
          opacity: ce.type === 'attack' ? 0.9 : 0.5 }, self.lContacts);
      }
      /* individuals: 1:1 figures without bases; RULING R-163 [9.2] one
       * fighting with a unit stands at the centre of its block */
      indivs.forEach(function (d, k) {
        var v = st.indivs[k], x = v.x, y = v.y;
        if (v.with >= 0) {
          var g = gOf(d.side, v.with), u = st.units[g];
          /* gone with his unit (its fate, if any, is in the log) */
          if (!u || u.flags & F_REMOVED || u.figs <= 0) return;
          var c = centre(g, u); x = c[0]; y = c[1];
        }
        var col = S.sides[d.side].colour;
        var lost = !v.alive;
        if (document.getElementById('opt-radius').checked && !lost && d.cr > 0)
          el('circle', { class: 'radius', cx: sx(x), cy: sy(y), r: d.cr, stroke: col }, self.lRadius);
        var grp = el('g', { class: 'indiv' + (lost ? ' lost' : ''), 'data-name': d.name,
          transform: 'translate(' + sx(x) + ' ' + sy(y) + ')' }, self.lIndivs);
        var role = v.role || d.role;
        if (role === 'commander')
          el('path', { d: star(0.55), fill: '#ffd34d', stroke: col, 'stroke-width': 0.12 }, grp);
        else
          el('circle', { r: 0.35, fill: '#fff', stroke: col, 'stroke-width': 0.15 }, grp);
        var tt = el('title', {}, grp);
        var fxn = fxNames(v.fx), left = v.magicLeft || magicAtStart(d.side, k - S.sides[d.side].first_indiv);
        tt.textContent = d.name + ' (' + role + (d.cr ? ', command radius ' + d.cr + '"' : '') + ')' +
          (v.hp != null ? ', ' + v.hp + (v.hpMax != null ? ' of ' + v.hpMax : '') + ' hp' : '') +
          (left ? '; ' + left : '') + (fxn.length ? '; ' + fxn.join(', ') : '') +
          (v.fate ? ': ' + v.fate : '');
        if (!lost && v.with < 0) {
          var seen2 = {}, nb = 0;
          Object.keys(v.fx || {}).sort().forEach(function (key) {
            var m = v.fx[key];
            if (seen2[m[0]]) return;
            seen2[m[0]] = 1;
            var bx = sx(x) + 0.9 + nb * 1.5, by = sy(y) + 0.9;
            nb++;
            el('rect', { class: 'badge', x: bx - 0.7, y: by - 0.6, width: 1.4, height: 1.0, rx: 0.2,
              fill: m[1] }, self.lLabels);
            var bt = el('text', { class: 'marker', x: bx, y: by + 0.15, fill: '#fff', 'data-marker': m[2] },
              self.lLabels);
            bt.textContent = m[0];
          });
        }
        if (v.with < 0 && !lost) {
          var lab = el('text', { class: 'label', x: sx(x), y: place(sx(x), sy(y) - 0.8, d.name.length * 0.4, 0.8),
            style: 'font-size:.75px' }, self.lLabels);
          lab.textContent = d.name;
        }
      });
    }
  };
  /* [14.1] the spells an individual memorized, before he casts (the
   * roster's `spells`), and his wands' charges ([14.20] `items`); '' for
   * one who has none */
  function magicAtStart(side, i) {
    var r = S.roster, ri = r && r.sides && r.sides[side] ? r.sides[side].individuals[i] : null;
    if (!ri) return '';
    var n = 0, out = [];
    if (ri.spells) ri.spells.lists.forEach(function (l) { l.memorized.forEach(function (m) { n += m.count; }); });
    if (ri.spells) out.push(n + ' spell' + (n === 1 ? '' : 's') + ' left');
    (ri.items || []).forEach(function (it) {
      if (it.charges != null) out.push(it.name + ': ' + it.charges + ' charge' + (it.charges === 1 ? '' : 's'));
    });
    return out.join('; ');
  }
  /* The shape of a spell's area on the table [14.2] (src/tabletop/area.c:
   * a circle about its point; a rectangle centred on it, its length along
   * the facing; a line and a cone from it, RULING R-569), as SVG. */
  function areaShape(e, parent, cls) {
    var a = e.area_a, b = e.area_b, f = e.facing1 || 0;
    if (!(a > 0)) return null;
    if (e.area === 'circle')
      return el('circle', { class: cls, cx: sx(e.x1), cy: sy(e.y1), r: a }, parent);
    function dir(t) { return [Math.sin(rad(t)), Math.cos(rad(t))]; }
    var d = dir(f), n = dir(f + 90), p0 = [e.x1, e.y1], pts;
    function at(p, u, k) { return [p[0] + u[0] * k, p[1] + u[1] * k]; }
    if (e.area === 'rect') {
      var fr = at(p0, d, a / 2), re = at(p0, d, -a / 2);
      pts = [at(fr, n, b / 2), at(fr, n, -b / 2), at(re, n, -b / 2), at(re, n, b / 2)];
    } else if (e.area === 'line') {
      var en = at(p0, d, a);
      pts = [at(en, n, b / 2), at(en, n, -b / 2), at(p0, n, -b / 2), at(p0, n, b / 2)];
    } else if (e.area === 'cone') {
      var ec = at(p0, d, a);
      pts = [at(ec, n, b / 2), at(ec, n, -b / 2), p0];
    } else return null;
    return el('polygon', { class: cls, points: pts.map(function (p) { return sx(p[0]) + ',' + sy(p[1]); }).join(' ') },
      parent);
  }
  /* [x0, y0, x1, y1, label] of a volley event: 1E volleys carry the
   * shooter's and the target's places; 2E missile attacks (issue 5) are
   * drawn between the two units' centres as they stood. */
  function volleyLine(e, st) {
    if (e.type === 'volley') {
      var res = e.killed ? '\u2212' + e.killed : e.wounded ? 'W' : '0';
      return [e.x0, e.y0, e.x1, e.y1, res];
    }
    if (e.type === 'bs2e_attack' && e.text === 'missile' && e.unit != null && e.target_unit != null &&
        !(e.n && e.n[3])) {
      var a = gOf(e.side, e.unit), b = gOf(e.target_side, e.target_unit);
      if (!st.units[a] || !st.units[b]) return null;
      var ca = centre(a, st.units[a]), cb = centre(b, st.units[b]);
      return [ca[0], ca[1], cb[0], cb[1], e.n ? e.n[2] + ' hit' + (e.n[2] === 1 ? '' : 's') : null];
    }
    return null;
  }
  /* The bands of a unit's missile range: from each front corner, 45
   * degrees out, and straight ahead between them [10.1]. */
  Tabletop.ranges = function (g, u) {
    var m = units[g].missile, s = shape(g, u), col = S.sides[units[g].side].colour;
    var fl = toTable(u, s, 0, 0), fr = toTable(u, s, s.width, 0);
    function dirp(p, a, r) { return [p[0] + Math.sin(rad(a)) * r, p[1] + Math.cos(rad(a)) * r]; }
    function band(r, cls) {
      if (!(r > 0)) return;
      var a0 = dirp(fl, u.f - 45, r), a1 = dirp(fl, u.f, r), b0 = dirp(fr, u.f, r), b1 = dirp(fr, u.f + 45, r);
      var d = 'M' + sx(fl[0]) + ' ' + sy(fl[1]) + 'L' + sx(a0[0]) + ' ' + sy(a0[1]) +
        'A' + r + ' ' + r + ' 0 0 1 ' + sx(a1[0]) + ' ' + sy(a1[1]) +
        'L' + sx(b0[0]) + ' ' + sy(b0[1]) +
        'A' + r + ' ' + r + ' 0 0 1 ' + sx(b1[0]) + ' ' + sy(b1[1]) +
        'L' + sx(fr[0]) + ' ' + sy(fr[1]) + 'Z';
      el('path', { class: 'range ' + cls, d: d, stroke: col }, this.lRanges);
    }
    band.call(this, m.range[2], 'long');
    band.call(this, m.range[1], 'medium');
    band.call(this, m.range[0], 'short');
    band.call(this, m.min, 'minimum');
    var lab = el('text', { class: 'label', x: sx(dirp(fl, u.f, m.range[2])[0]), y: sy(dirp(fl, u.f, m.range[2])[1]) - 0.4 },
      this.lLabels);
    lab.textContent = m.weapon + ': ' + m.range.join('/') + '"' + (m.min ? ', min ' + m.min + '"' : '');
  };

  function star(r) {
    var p = '';
    for (var n = 0; n < 10; n++) {
      var a = Math.PI / 5 * n - Math.PI / 2, rr = n % 2 ? r * 0.45 : r;
      p += (n ? 'L' : 'M') + (Math.cos(a) * rr).toFixed(3) + ' ' + (Math.sin(a) * rr).toFixed(3);
    }
    return p + 'Z';
  }

  /* The matrix system (issue 6): the grid of locations with the stacks of
   * brigades, each side's reserve beyond its edge of the grid. */
  var MatrixView = {
    init: function () {
      this.layer = el('g', { id: 'matrix' }, svg);
    },
    draw: function (i) {
      var st = STATES[i], g = st.grid, L = this.layer, e = EV[i];
      while (L.firstChild) L.removeChild(L.firstChild);
      /* before the log draws the starting matrix (its brigades are
         deployed before round 1), show that first matrix */
      for (var j = i + 1; !g && j < STATES.length; j++) g = STATES[j].grid;
      if (!g) {
        svg.setAttribute('viewBox', '0 0 60 20');
        var t0 = el('text', { x: 30, y: 10, 'text-anchor': 'middle', style: 'font-size:2px' }, L);
        t0.textContent = 'the matrix is drawn once the battle has set it up';
        return;
      }
      var cw = 12, ch = 8, rh = 6, top = rh + 1;
      var W2 = g.cols * cw, H2 = top + g.rows * ch + 1 + rh;
      svg.setAttribute('viewBox', '-2 -2 ' + (W2 + 4) + ' ' + (H2 + 4));
      svg.setAttribute('data-units', units.length);
      var actor = e.unit != null ? tagOf(e.side, e.unit) : null;
      var target = e.target_unit != null ? tagOf(e.target_side, e.target_unit) : null;
      function chips(list, x, y, w) {
        list.forEach(function (t, n) {
          var side = t.tag.charCodeAt(0) - 65, unit = parseInt(t.tag.slice(1), 10) - 1;
          var gi = S.sides[side] ? gOf(side, unit) : -1;
          var cx = x + 0.4 + (n % 4) * 2.8, cy = y + 0.6 + Math.floor(n / 4) * 2.4;
          var cls = 'unit chip' + (t.routed ? ' routed' : '') + (t.tag === actor ? ' actor' : '') +
            (t.tag === target ? ' target' : '') + (gi === selected ? ' selected' : '');
          var grp = el('g', { class: cls, id: gi >= 0 ? 'unit-' + side + '-' + unit : null,
            'data-side': side, 'data-unit': unit, 'data-tag': t.tag }, L);
          el('rect', { class: 'outline', x: cx - 0.15, y: cy - 0.15, width: 2.7, height: 2.1, rx: 0.3 }, grp);
          el('rect', { class: 'fig', x: cx, y: cy, width: 2.4, height: 1.8, rx: 0.3,
            fill: S.sides[side] ? S.sides[side].colour : '#888' }, grp);
          var tx = el('text', { class: 'marker', x: cx + 1.2, y: cy + 1.25, fill: '#fff' }, grp);
          tx.textContent = t.tag + (t.aerial ? '^' : '') + (t.routed ? '!' : '');
          var tt = el('title', {}, grp);
          tt.textContent = (gi >= 0 && units[gi] ? units[gi].name : t.tag) + (t.routed ? ' (routed)' : '') +
            (t.aerial ? ' (aerial)' : '');
          if (gi >= 0) {
            grp.addEventListener('mouseenter', function () { hovered = gi; showInfo(); });
            grp.addEventListener('mouseleave', function () { hovered = -1; showInfo(); });
            grp.addEventListener('click', function (ev) { ev.stopPropagation(); selected = selected === gi ? -1 : gi; render(); });
          }
        });
      }
      function reserve(k, y) {
        var sd = S.sides[k] || { name: 'side ' + (k + 1), colour: '#888' };
        el('rect', { x: 0, y: y, width: W2, height: rh, fill: '#f3efe4', stroke: sd.colour, 'stroke-width': 0.15 }, L);
        var t = el('text', { class: 'label', x: W2 / 2, y: y + rh - 0.5, style: 'font-size:.9px' }, L);
        t.textContent = 'reserve of ' + sd.name;
        chips(g.reserve[k], 0.5, y + 0.2, W2);
      }
      reserve(0, 0);
      for (var r = 0; r < g.rows; r++)
        for (var c = 0; c < g.cols; c++) {
          el('rect', { class: 'table-top', x: c * cw, y: top + r * ch, width: cw, height: ch }, L);
          var lab = el('text', { class: 'terrain-label', x: c * cw + 0.4, y: top + (r + 1) * ch - 0.4 }, L);
          lab.textContent = 'row ' + (r + 1) + ', column ' + (c + 1);
          chips(g.cells[r][c], c * cw + 0.3, top + r * ch + 0.3, cw);
        }
      reserve(1, top + g.rows * ch + 1);
    }
  };

  var RENDERERS = { bs1e: Tabletop, bs2e: Tabletop, matrix: MatrixView };
  var R = RENDERERS[B.rules] || Tabletop;

  /* ---- the side panel: log, unit sheet, outcome --------------------- */

  var logEl = document.getElementById('log'), lines = [];
  (function buildLog() {
    var frag = document.createDocumentFragment();
    for (var i = 0; i < N; i++) {
      var e = EV[i];
      var d = h('div', 'ev ' + e.type, String(LOG[i] || '').replace(/^\s+/, ''), frag);
      d.setAttribute('data-i', i);
      d.setAttribute('data-type', e.type);
      d.setAttribute('data-round', e.round);
      d.setAttribute('data-phase', e.phase);
      lines.push(d);
    }
    logEl.appendChild(frag);
    logEl.addEventListener('click', function (ev) {
      var t = ev.target.closest('.ev');
      if (t) go(+t.getAttribute('data-i'));
    });
  })();

  function rosterOf(d) {
    var r = S.roster;
    if (!r || !r.sides[d.side]) return null;
    return r.sides[d.side].units[d.unit] || null;
  }
  var info = document.getElementById('info');
  function showInfo() {
    var g = hovered >= 0 ? hovered : selected;
    while (info.firstChild) info.removeChild(info.firstChild);
    if (g < 0) {
      h('p', 'hint', 'Hover over or click a unit to see its roster sheet and state.', info);
      return;
    }
    var d = units[g], u = STATES[cur].units[g], r = rosterOf(d), s = shape(g, u);
    var t = h('h3', null, d.name, info);
    t.style.color = S.sides[d.side].colour;
    function row(pairs) {
      var p = h('div', 'row', null, info);
      pairs.forEach(function (kv) {
        var sp = h('span', null, null, p);
        h('span', 'k', kv[0] + ' ', sp);
        h('span', null, String(kv[1]), sp);
      });
    }
    var state = u.flags & F_REMOVED ? (u.flags & F_DESTROYED ? 'destroyed' : 'off the table')
      : u.flags & F_ROUTED ? 'routed' : 'in play';
    if (u.order >= 0) state += ', ' + (['good order', 'shaken', 'routed'][u.order] || '?') + ' [2E Morale]';
    row([['Side', S.sides[d.side].name], ['Type', d.type], ['State', state]]);
    row([['Figures', u.figs + ' of ' + d.figures], ['Wounded figure', u.wounded ? 'yes (' + u.wounded + ')' : 'no'],
      ['Formation', (S.formations[u.form] || '?') + ', ' + s.files + ' \u00d7 ' + s.ranks]]);
    var cmd = u.inCommand == null ? '?' : u.inCommand ? 'in command' : 'out of command';
    var by = u.cmdBy >= 0 ? indivs[kOf(d.side, u.cmdBy)] : null;
    if (by) cmd += ' (' + by.name + ')';
    if (u.flags & F_DISC) cmd += '; failed discipline';
    if (u.inCommand != null || u.flags & F_DISC) row([['Command', cmd + (u.cmdWhy ? ': ' + u.cmdWhy : '')]]);
    if (u.special && u.special !== 'none')
      row([['Special formation', u.special + (u.special === 'set-spears' ? ' (' + u.specialSides.join(', ') + ')' : '') +
        ' [11.6] [11.7]']]);
    h('div', 'k', 'Morale now', info);
    h('div', 'deriv', u.ml || (r ? r.ml.derivation + ' (base)' : 'ML ' + d.ml), info);
    if (u.lastMorale) h('div', 'deriv', 'last check: ' + (u.lastMorale.passed ? 'passed' : 'failed: ' + u.lastMorale.effect), info);
    if (u.ar || r || d.ar) {
      h('div', 'k', 'AR with modifiers', info);
      h('div', 'deriv', u.ar || (r ? r.ar.derivation : 'AR ' + d.ar), info);
    }
    if (d.missile) {
      h('div', 'k', 'Missile fire [10.0] (key M: its range)', info);
      h('div', 'deriv', d.missile.weapon + ': short ' + d.missile.range[0] + '", medium ' +
        d.missile.range[1] + '", long ' + d.missile.range[2] + '"' +
        (d.missile.min ? ', minimum ' + d.missile.min + '"' : '') +
        (u.msl ? '; last volley ' + u.msl : ''), info);
    }
    if (r) {
      if (r.ar_modifiers.length)
        h('div', 'k', 'AR modifiers that may apply [8.3 T10]', info);
      if (r.ar_modifiers.length)
        h('div', 'deriv', r.ar_modifiers.map(function (m) {
          return (m.amount >= 0 ? '+' : '') + m.amount + ' ' + m.label + ' ' + (m.cite || '');
        }).join('; '), info);
      h('div', 'k', 'Roster sheet [3.1]', info);
      row([['# FIG', r.figures], ['Ratio', r.ratio.text], ['Size', r.size.value], ['Base', r.base.value],
        ['AC', r.ac.value], ['HD/fig', r.hd_per_figure.value], ['MV', r.mv.value], ['AR', r.ar.value],
        ['ML', r.ml.value], ['DL', r.dl.value]]);
      ['ac', 'hd_per_figure', 'mv', 'ml', 'dl'].forEach(function (k) { h('div', 'deriv', r[k].derivation, info); });
      h('div', 'deriv', 'Dmg vs S-M ' + r.damage.vs_sm + '; vs L ' + r.damage.vs_l, info);
      if (r.commander) row([['Commander', r.commander + (r.deputy ? ' / deputy ' + r.deputy : '')]]);
    }
  }

  function showOutcome(open) {
    var o = document.getElementById('outcome');
    if (!open) { o.hidden = true; return; }
    while (o.firstChild) o.removeChild(o.firstChild);
    var card = h('div', 'card', null, o), sm = B.summary;
    h('h2', null, 'Outcome', card);
    var txt = !sm ? 'not known' : sm.outcome === 'win' ? sm.winner_name + ' wins after ' + sm.rounds + ' rounds'
      : sm.outcome === 'draw' ? 'A draw after ' + sm.rounds + ' rounds' : 'Not over after ' + sm.rounds + ' rounds';
    h('div', 'result', txt + (sm && sm.reason ? ' (' + sm.reason + ')' : ''), card);
    var tb = h('table', null, null, card), tr = h('tr', null, null, tb);
    ['Side', 'Figures', 'Lost', 'Lost %', 'Units in play'].forEach(function (c) { h('th', null, c, tr); });
    (sm ? sm.sides : []).forEach(function (sd) {
      var r = h('tr', null, null, tb);
      h('td', null, sd.name, r).style.color = S.sides[sd.side].colour;
      h('td', null, sd.figures_start, r); h('td', null, sd.figures_lost, r);
      h('td', null, sd.figures_start ? (100 * sd.figures_lost / sd.figures_start).toFixed(1) + '%' : '-', r);
      h('td', null, sd.units_in_play, r);
    });
    var tu = h('table', null, null, card); tu.style.marginTop = '12px';
    tr = h('tr', null, null, tu);
    ['Unit', 'Start', 'Lost', 'Wounded', 'Left', 'End'].forEach(function (c) { h('th', null, c, tr); });
    (sm ? sm.units : []).forEach(function (un) {
      var r = h('tr', null, null, tu);
      h('td', null, un.name, r).style.color = S.sides[un.side].colour;
      [un.figures_start, un.lost, un.wounded, un.left, un.end.replace(/_/g, ' ')].forEach(function (v) { h('td', null, v, r); });
    });
    var b = h('button', null, 'Close (Esc)', card); b.style.marginTop = '12px';
    b.addEventListener('click', function () { showOutcome(false); });
    o.hidden = false;
  }

  /* ---- the timeline -------------------------------------------------- */

  var cur = 0, timer = null;
  var slider = document.getElementById('slider'), status = document.getElementById('status');
  var roundSel = document.getElementById('round');
  slider.max = N - 1;
  var roundStart = [];
  EV.forEach(function (e, i) { if (e.type === 'round') roundStart.push([e.number, i]); });
  (function () {
    var o = h('option', null, 'Deployment', roundSel); o.value = 0;
    roundStart.forEach(function (r) { var op = h('option', null, 'Round ' + r[0], roundSel); op.value = r[1]; });
  })();

  function render() {
    var e = EV[cur];
    R.draw(cur);
    slider.value = cur;
    var where = e.round ? 'Round ' + e.round + ', ' + (PHASE_TITLE[e.phase] ||
      String(e.phase).replace(/^mx_/, '').replace(/_/g, ' ')) : 'Deployment';
    status.textContent = where + ' \u2014 step ' + (cur + 1) + ' of ' + N;
    status.setAttribute('data-step', cur);
    status.setAttribute('data-round', e.round);
    status.setAttribute('data-phase', e.phase);
    var rv = 0;
    roundStart.forEach(function (r) { if (r[1] <= cur) rv = r[1]; });
    roundSel.value = rv;
    lines.forEach(function (l, i) { l.className = 'ev ' + EV[i].type + (i === cur ? ' current' : i > cur ? ' future' : ''); });
    var ln = lines[cur];
    if (ln) {
      var top = ln.offsetTop - logEl.offsetTop, bot = top + ln.offsetHeight;
      if (top < logEl.scrollTop || bot > logEl.scrollTop + logEl.clientHeight)
        logEl.scrollTop = top - logEl.clientHeight / 3;
    }
    showInfo();
    if (history.replaceState) {
      try {
        history.replaceState(null, '', '#step=' + cur +
          (document.getElementById('opt-zoom').checked ? '&zoom' : '') +
          (document.getElementById('opt-ranges').checked ? '&ranges' : '') +
          (selected >= 0 ? '&unit=' + units[selected].side + '-' + units[selected].unit : ''));
      } catch (x) { /* file: in some browsers */ }
    }
  }
  function go(i) {
    cur = Math.max(0, Math.min(N - 1, i | 0));
    render();
    if (cur === N - 1 && timer) { stop(); showOutcome(true); }
  }
  function phaseStep(dir) {
    var i = cur + dir;
    while (i > 0 && i < N - 1 && EV[i].type !== 'phase') i += dir;
    go(i);
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    document.getElementById('btn-play').textContent = 'Play';
  }
  function play() {
    if (timer) { stop(); return; }
    if (cur >= N - 1) go(0);
    var sp = document.getElementById('speed').value;
    var phase = sp === 'phase';
    timer = setInterval(function () {
      if (cur >= N - 1) { stop(); showOutcome(true); return; }
      if (phase) phaseStep(1); else go(cur + 1);
    }, phase ? 1000 : 1000 / +sp);
    document.getElementById('btn-play').textContent = 'Pause';
  }
  function on(id, f) { document.getElementById(id).addEventListener('click', f); }
  on('btn-first', function () { go(0); });
  on('btn-last', function () { go(N - 1); });
  on('btn-prev', function () { go(cur - 1); });
  on('btn-next', function () { go(cur + 1); });
  on('btn-prev-phase', function () { phaseStep(-1); });
  on('btn-next-phase', function () { phaseStep(1); });
  on('btn-play', play);
  on('btn-outcome', function () { showOutcome(true); });
  document.getElementById('speed').addEventListener('change', function () { if (timer) { stop(); play(); } });
  slider.addEventListener('input', function () { go(+slider.value); });
  roundSel.addEventListener('change', function () { go(+roundSel.value); });
  document.getElementById('opt-radius').addEventListener('change', render);
  document.getElementById('opt-paths').addEventListener('change', render);
  document.getElementById('opt-zoom').addEventListener('change', render);
  document.getElementById('opt-ranges').addEventListener('change', render);
  svg.addEventListener('click', function () { if (selected >= 0) { selected = -1; render(); } });
  document.getElementById('outcome').addEventListener('click', function (ev) {
    if (ev.target.id === 'outcome') showOutcome(false);
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.target.tagName === 'SELECT' || ev.target.tagName === 'INPUT' && ev.target.type !== 'range' && ev.target.type !== 'checkbox') return;
    var k = ev.key;
    if (k === 'ArrowRight') { if (ev.shiftKey) phaseStep(1); else go(cur + 1); }
    else if (k === 'ArrowLeft') { if (ev.shiftKey) phaseStep(-1); else go(cur - 1); }
    else if (k === 'ArrowDown') phaseStep(1);
    else if (k === 'ArrowUp') phaseStep(-1);
    else if (k === 'Home') go(0);
    else if (k === 'End') go(N - 1);
    else if (k === ' ') play();
    else if (k === 'o' || k === 'O') showOutcome(document.getElementById('outcome').hidden);
    else if (k === 'Escape') showOutcome(false);
    else if (k === 'c' || k === 'C') { var r = document.getElementById('opt-radius'); r.checked = !r.checked; render(); }
    else if (k === 'p' || k === 'P') { var p = document.getElementById('opt-paths'); p.checked = !p.checked; render(); }
    else if (k === 'z' || k === 'Z') { var z = document.getElementById('opt-zoom'); z.checked = !z.checked; render(); }
    else if (k === 'm' || k === 'M') { var mr = document.getElementById('opt-ranges'); mr.checked = !mr.checked; render(); }
    else return;
    ev.preventDefault();
  });

  /* ---- start --------------------------------------------------------- */

  document.getElementById('title').textContent = B.scenario;
  /* what the battle leaves out (the scenario's warnings, issue 11) */
  if (B.not_simulated && B.not_simulated.length) {
    var ns = document.getElementById('not-simulated');
    h('h3', null, 'Not simulated (' + B.not_simulated.length + ')', ns);
    h('p', 'k', 'What the scenario gives that this battle leaves out:', ns);
    var ul = h('ul', null, null, ns);
    B.not_simulated.forEach(function (w) {
      h('li', null, w.file + ':' + w.line + ':' + w.col + ': ' + w.message, ul);
    });
    ns.hidden = false;
  }
  /* the level (Basic / Intermediate / Advanced Game) is 1E's alone, and a
     matrix battle is fought on its grid, not on a table in inches */
  document.getElementById('meta').textContent = B.rules +
    (B.rules === 'bs1e' ? ', ' + S.level + ' game' : '') + '; seed ' + B.seed +
    (B.stream ? ', battle ' + B.stream : '') +
    (B.rules === 'matrix' ? '' : '; table ' + W + '" \u00d7 ' + D + '"') + '; ' +
    (B.summary ? B.summary.rounds + ' rounds' : '');
  var defs = el('defs', {}, svg);
  [['arrow', '#333'], ['arrow-red', '#b8322a'], ['arrow-blue', '#1f5fbf']].forEach(function (a) {
    var mk = el('marker', { id: a[0], viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 4,
      markerHeight: 4, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0 0L10 5L0 10z', fill: a[1] }, mk);
  });
  R.init();
  var m = /step=(\d+)/.exec(location.hash || '');
  cur = m ? Math.min(N - 1, +m[1]) : 0;
  var hash = location.hash || '';
  if (/zoom/.test(hash)) document.getElementById('opt-zoom').checked = true;
  if (/radii/.test(hash)) document.getElementById('opt-radius').checked = true;
  if (/ranges/.test(hash)) document.getElementById('opt-ranges').checked = true;
  var sel = /unit=(\d+)-(\d+)/.exec(hash);
  if (sel && S.sides[+sel[1]]) selected = gOf(+sel[1], +sel[2]);
  render();
  if (/outcome/.test(hash)) showOutcome(true);
  if (/selftest/.test(hash)) selftest();

  /* #...&selftest (make test-browser): drive the controls as a user would
   * and write what happened into a pre element #selftest whose data-ok
   * is 1 when every check held. */
  function selftest() {
    var out = [], ok = true;
    function check(what, cond) { out.push((cond ? 'ok: ' : 'FAIL: ') + what); if (!cond) ok = false; }
    function key(k, shift) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: !!shift, bubbles: true }));
    }
    var s0 = cur;
    key('ArrowRight');
    check('Right steps forward', cur === s0 + 1);
    key('ArrowLeft');
    check('Left steps back', cur === s0);
    key('ArrowRight', true);
    check('Shift+Right goes to the next phase', cur > s0 && (EV[cur].type === 'phase' || cur === N - 1));
    key('End');
    check('End goes to the last step', cur === N - 1);
    key('Home');
    check('Home goes to the first step', cur === 0);
    lines[Math.min(10, N - 1)].click();
    check('clicking a log line jumps there', cur === Math.min(10, N - 1) &&
      lines[cur].className.indexOf('current') >= 0);
    slider.value = Math.min(20, N - 1);
    slider.dispatchEvent(new Event('input'));
    check('the slider moves the map', cur === Math.min(20, N - 1));
    var u = document.querySelector('#units .unit:not(.removed)');
    if (u) {
      u.dispatchEvent(new MouseEvent('mouseenter'));
      var h3 = document.querySelector('#info h3');
      check('hovering a unit shows its sheet', !!h3 && h3.textContent === u.getAttribute('data-name'));
      u.dispatchEvent(new MouseEvent('mouseleave'));
      u.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      check('clicking a unit selects it', / selected/.test(u.getAttribute('class') || '') ||
        /selected/.test(document.getElementById(u.id).getAttribute('class')));
    }
    /* [11.6] [11.7] a special formation declared is drawn from that step */
    var si = -1;
    EV.forEach(function (e, j) { if (si < 0 && e.type === 'special' && e.to !== 'none') si = j; });
    if (si >= 0) {
      go(si);
      var su = document.getElementById('unit-' + EV[si].side + '-' + EV[si].unit);
      check('a special formation is drawn', !!su && su.getAttribute('data-special') === EV[si].to &&
        su.querySelectorAll('.special-edge').length > 0);
    }
    key('o');
    check('O opens the outcome', !document.getElementById('outcome').hidden &&
      document.getElementById('outcome').textContent.indexOf(B.summary ? B.summary.reason || '' : '') >= 0);
    key('Escape');
    check('Esc closes it', document.getElementById('outcome').hidden);
    key('z');
    check('Z zooms', document.getElementById('opt-zoom').checked);
    key('c');
    check('C shows command radii', document.querySelectorAll('#radii circle').length > 0);
    /* issue 14: M shows the selected unit's missile range (when it fires) */
    var shooter = -1;
    units.forEach(function (d, g) { if (shooter < 0 && d.missile) shooter = g; });
    if (shooter >= 0) {
      selected = shooter;
      key('m');
      check('M shows the missile range of the selected unit',
        document.querySelectorAll('#ranges path').length >= 3);
      key('m');
    }
    key(' ');
    check('Space plays', timer !== null);
    key(' ');
    check('Space pauses', timer === null);
    var pre = document.createElement('pre');
    pre.id = 'selftest';
    pre.setAttribute('data-ok', ok ? '1' : '0');
    pre.textContent = out.join('\n');
    document.body.appendChild(pre);
  }
})();
