// The salon's icons, drawn here as small SVG paths (24×24, stroked with currentColor) so
// that they show on every system — emoji need a colour-emoji font a phone or a desktop
// may lack. icon(name) is decorative (aria-hidden): the button around it carries the
// words (its text, or its aria-label/title).

const SVG = "http://www.w3.org/2000/svg";

// name -> [[element, attributes], ...]
const SHAPES = {
  cup: [["path", { d: "M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" }], ["path", { d: "M16 10h2a2.5 2.5 0 0 1 0 5h-2" }], ["path", { d: "M8 3.5c-.8 1 .8 2-.1 3M12 3.5c-.8 1 .8 2-.1 3" }], ["path", { d: "M3 21h16" }]],
  star: [["path", { d: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" }]],
  bell: [["path", { d: "M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" }], ["path", { d: "M10 20.5a2 2 0 0 0 4 0" }]],
  "bell-off": [["path", { d: "M6 16V11a6 6 0 0 1 9.4-4.9M18 11v5l1.5 2H8" }], ["path", { d: "M10 20.5a2 2 0 0 0 4 0" }], ["path", { d: "M4 4l16 16" }]],
  chat: [["path", { d: "M4 5h16v11H10l-4 4v-4H4z" }], ["path", { d: "M8 9.5h8M8 12.5h5" }]],
  lock: [["rect", { x: 5, y: 10.5, width: 14, height: 10, rx: 2 }], ["path", { d: "M8 10.5V7.5a4 4 0 0 1 8 0v3" }]],
  again: [["path", { d: "M19 8a7.5 7.5 0 1 0 1.2 6" }], ["path", { d: "M20 3.5V8h-4.5" }]],
  keyboard: [["rect", { x: 2.5, y: 6.5, width: 19, height: 11, rx: 2 }], ["path", { d: "M6 10h1M9.5 10h1M13 10h1M16.5 10h1M7 14h10" }]],
  gear: [["circle", { cx: 12, cy: 12, r: 3 }], ["path", { d: "M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" }]],
  back: [["path", { d: "M14.5 5.5L8 12l6.5 6.5" }]],
  play: [["path", { d: "M8 5l11 7-11 7z" }]],
  pause: [["path", { d: "M8 5v14M16 5v14" }]],
  close: [["path", { d: "M6 6l12 12M18 6L6 18" }]],
  edit: [["path", { d: "M4 20h4L19 9l-4-4L4 16z" }], ["path", { d: "M13.5 6.5l4 4" }]],
  check: [["path", { d: "M4.5 12.5l5 5 10-11" }]],
  shield: [["path", { d: "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" }], ["path", { d: "M8.5 12l2.5 2.5 4.5-5" }]],
  people: [["circle", { cx: 9, cy: 8.5, r: 3.2 }], ["path", { d: "M3 19.5a6 6 0 0 1 12 0" }], ["circle", { cx: 17, cy: 9.5, r: 2.6 }], ["path", { d: "M15.5 14.2a5 5 0 0 1 6 5.3" }]],
  bot: [["rect", { x: 5, y: 8, width: 14, height: 11, rx: 3 }], ["path", { d: "M12 8V4.5" }], ["circle", { cx: 12, cy: 3.5, r: 1 }], ["circle", { cx: 9.5, cy: 13, r: 1.2 }], ["circle", { cx: 14.5, cy: 13, r: 1.2 }], ["path", { d: "M9.5 16.5h5M3 12.5v3M21 12.5v3" }]],
  thumbs: [["path", { d: "M7 10.5v9H4v-9z" }], ["path", { d: "M7 10.5l4-7c1.5 0 2.3 1.2 2 2.6L12.4 9H18a2 2 0 0 1 2 2.3l-1.1 6.4a2 2 0 0 1-2 1.8H7" }]],
  laugh: [["circle", { cx: 12, cy: 12, r: 8.5 }], ["path", { d: "M7.5 13h9a4.5 4.5 0 0 1-9 0z" }], ["path", { d: "M8.5 9.5l1.5-1 1.5 1M12.5 9.5l1.5-1 1.5 1" }]],
  tea: [["path", { d: "M7 7h10l-1.5 11.5h-7z" }], ["path", { d: "M6.5 7h11" }], ["path", { d: "M5 20.5h14" }], ["path", { d: "M10.5 4.5c.6-.8-.4-1.4.3-2.2M13.5 4.5c.6-.8-.4-1.4.3-2.2" }]],
  wow: [["circle", { cx: 12, cy: 12, r: 8.5 }], ["circle", { cx: 9, cy: 9.5, r: 1 }], ["circle", { cx: 15, cy: 9.5, r: 1 }], ["ellipse", { cx: 12, cy: 15, rx: 2, ry: 2.5 }]],
  trophy: [["path", { d: "M7 4h10v5a5 5 0 0 1-10 0z" }], ["path", { d: "M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5" }], ["path", { d: "M12 14v3.5M8 20.5h8l-1-3H9z" }]],
};

/** An icon as an inline <svg> element (decorative: aria-hidden, no focus). */
export function icon(name, opts = {}) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(opts.size || 18));
  svg.setAttribute("height", String(opts.size || 18));
  svg.setAttribute("fill", name === "star" || name === "play" ? "currentColor" : "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "1.8");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "icon icon-" + name);
  for (const [tag, attrs] of SHAPES[name] || []) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    svg.appendChild(el);
  }
  return svg;
}

/** The names drawn here (the tests check each one draws something). */
export const ICONS = Object.keys(SHAPES);
