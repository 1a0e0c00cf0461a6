// Tallybook's page watches its own connection to the server (views/web/connection.py serves this
// file, with CONFIG filled in, and puts it in Flet's index.html before Flutter starts).
//
// Flet's client cannot tell a socket that went quiet from a slow one, and it keeps what a person
// taps while cut off: sent into a dead socket, or queued while it reconnects, then delivered on
// reconnect. So the app's socket (Flet's, to CONFIG.endpoint) is watched here:
// - a keep-alive text frame every second, answered by the server without reaching Flet;
// - nothing heard for CONFIG.lostMs, or the socket closed: the socket is given up. A full-screen
//   notice covers Flutter's canvas and every tap and key is swallowed before Flutter sees it;
//   whatever Flet still sends on the given-up socket is dropped;
// - the server is asked (an HTTP HEAD) every second; only once it answers is Flet told that its
//   socket closed, so it reconnects at once, with nothing queued, and gets its session back;
// - the first frame of the new socket: "back", and taps count again.
// - the page stalled (Flutter building a heavy screen runs no script for seconds, so no
//   keep-alive goes out): the server, which then hears nothing, asks whether the page still
//   holds the socket and holds what it sends until the answer; the page answers at once if it
//   has not given the socket up, and what it sent passes on. Its own silence counts from the
//   end of its stall, not from before it.
// The server may also ask the page, in a text frame, to copy a text: the app's Copy over plain
// http, where the browser gives no Clipboard API. It is answered in a text frame of its own.
(() => {
  "use strict";
  const CONFIG = /*CONFIG*/null;
  const Native = window.WebSocket;
  const STYLE = `
    #tallybook-connection { position: fixed; inset: 0; z-index: 2147483647; display: flex;
      align-items: safe center; justify-content: center; overflow-y: auto; padding: 16px;
      box-sizing: border-box;
      background: color-mix(in srgb, var(--background) ${CONFIG.scrim * 100}%, transparent);
      font-family: ${Object.keys(CONFIG.fonts).join(", ")}, sans-serif; }
    #tallybook-connection .card { width: 100%; max-width: 560px; box-sizing: border-box;
      padding: 24px; border-radius: 28px; background: var(--card);
      box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25); }
    #tallybook-connection p { margin: 0; overflow-wrap: break-word; hyphens: auto; }
    #tallybook-connection .main { font-size: 1.375rem; line-height: 1.3; color: var(--primary); }
    #tallybook-connection p + p { font-size: 1rem; line-height: 1.5; margin-top: 0.75rem;
      color: var(--text); }
    #tallybook-connection p:empty { display: none; }
    #tallybook-connection.back { background: transparent; pointer-events: none;
      align-items: flex-end; }`;
  const words = (key) => {
    const lang = chosenLanguage();
    return (CONFIG.words[lang] || CONFIG.words[CONFIG.fallback])[key];
  };

  // The language and theme the person chose in the app (Flutter's SharedPreferences live in
  // localStorage, JSON-encoded, keys prefixed "flutter."), else the browser's.
  const stored = (key) => {
    try { return JSON.parse(localStorage.getItem(`flutter.${key}`)); } catch { return null; }
  };
  function chosenLanguage() {
    const chosen = stored(CONFIG.languageKey);
    if (chosen in CONFIG.words) return chosen;
    for (const code of navigator.languages || [navigator.language || ""]) {
      const base = code.replace("_", "-").split("-")[0].toLowerCase();
      if (base in CONFIG.words) return base;
    }
    return CONFIG.fallback;
  }
  function dark() {
    const theme = stored(CONFIG.themeKey);
    return theme === "dark" ||
      (theme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
  }

  // The notice ------------------------------------------------------------------------------
  let notice = null;   // the overlay element while shown
  let blocking = false; // taps and keys are swallowed
  let hiding = 0;

  function show(lines, back) {
    clearTimeout(hiding);
    if (!notice) {
      notice = document.createElement("div");
      notice.id = "tallybook-connection";
      notice.setAttribute("role", "alert");
      notice.setAttribute("aria-live", "assertive");
      notice.innerHTML = `<style>${STYLE}</style>` +
        "<div class='card'><p class='main'></p><p></p><p></p></div>";
      document.body.appendChild(notice);
    }
    const colours = CONFIG.colours[dark() ? "dark" : "light"];
    for (const [name, value] of Object.entries(colours)) {
      notice.style.setProperty(`--${name}`, value);
    }
    notice.classList.toggle("back", back);
    notice.lang = chosenLanguage();
    notice.querySelectorAll("p").forEach((line, index) => {
      line.textContent = lines[index] || "";
    });
    notice.setAttribute("data-state", back ? "back" : "lost");
  }

  function hide() {
    if (notice) notice.remove();
    notice = null;
  }

  // Every way a person acts on the page, swallowed while cut off: in the capture phase at the
  // window, before any of Flutter's listeners (this script runs before Flutter starts).
  const ACTS = ["pointerdown", "pointerup", "pointermove", "pointercancel", "mousedown",
                "mouseup", "click", "dblclick", "contextmenu", "touchstart", "touchmove",
                "touchend", "touchcancel", "wheel", "keydown", "keyup", "keypress",
                "beforeinput", "input", "focusin"];
  for (const type of ACTS) {
    window.addEventListener(type, (event) => {
      if (!blocking) return;
      event.stopImmediatePropagation();
      // The notice itself may still scroll (a long text at 200 %); nothing else does a thing.
      if (event.cancelable && !(notice && notice.contains(event.target))) event.preventDefault();
    }, {capture: true, passive: false});
  }

  // The notice's fonts, the app's own, loaded while the server can still be reached.
  let fontsLoaded = false;
  function loadFonts() {
    if (fontsLoaded) return;
    fontsLoaded = true;
    for (const [family, url] of Object.entries(CONFIG.fonts)) {
      new FontFace(family, `url(${url})`).load().then((face) => document.fonts.add(face),
                                                      () => { /* the browser's own, then */ });
    }
  }

  // Copying ---------------------------------------------------------------------------------
  // The Clipboard API where the page is a secure context; else (plain http on the LAN) the
  // browser's copy command on a hidden text area, which works within the tap's activation.
  async function copyText(text) {
    if (window.isSecureContext && navigator.clipboard) {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch { /* refused: the copy command may still be allowed */ }
    }
    return copyBySelection(text);
  }

  function copyBySelection(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    area.style.cssText = "position: fixed; top: 0; left: 0; width: 1px; height: 1px; " +
      "opacity: 0; pointer-events: none;";
    const focused = document.activeElement;
    document.body.appendChild(area);
    area.focus({preventScroll: true});
    area.setSelectionRange(0, text.length);  // select() alone selects nothing on iOS
    let copied = false;
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    area.remove();
    if (focused && focused.focus) focused.focus({preventScroll: true});  // Flutter's own
    return copied;
  }

  // A frame from the server that is not Flet's: the keep-alive's answer, the ask whether this
  // page still holds the socket (only asked here while it does: see the socket's listener), or
  // an ask to copy.
  function fromServer(socket, data) {
    if (data === CONFIG.pong) return;
    let ask = null;
    try { ask = JSON.parse(data); } catch { return; }
    if (ask && typeof ask.still === "string") {
      if (socket.readyState === Native.OPEN) {
        Native.prototype.send.call(socket, `${CONFIG.here} ${ask.still}`);
      }
      return;
    }
    if (!ask || typeof ask.copy !== "string" || typeof ask.ask !== "string") return;
    copyText(ask.copy).then((copied) => {
      if (!socket.givenUp && socket.readyState === Native.OPEN) {
        Native.prototype.send.call(socket, `${CONFIG.answers[String(copied)]} ${ask.ask}`);
      }
    });
  }

  // The connection --------------------------------------------------------------------------
  let lostAt = 0;       // when the current outage began (0: connected)
  let current = null;   // the app's socket in use

  function lost(socket) {
    if (socket.givenUp) return;
    socket.givenUp = true;
    clearInterval(socket.pinging);
    socket.close();  // what Flet sends on it from now on is dropped (send, below)
    if (!lostAt) lostAt = performance.now();
    blocking = true;
    show([words("lost"), "", words("paused")], false);
    probe(socket);
  }

  // Ask the server until it answers, then let Flet reconnect (it waits half a second).
  async function probe(socket) {
    for (;;) {
      if (performance.now() - lostAt >= CONFIG.downMs) {
        show([words("lost"), words("down"), words("paused")], false);
      }
      const asked = performance.now();
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), CONFIG.probeMs);
      try {
        await fetch(CONFIG.probe, {method: "HEAD", cache: "no-store", signal: abort.signal});
        clearTimeout(timer);
        break;
      } catch {
        clearTimeout(timer);
      }
      const rest = CONFIG.pingMs - (performance.now() - asked);
      if (rest > 0) await new Promise((done) => setTimeout(done, rest));
    }
    // Flet gives a tab that comes back its old session, but its client then takes the whole
    // page again, which froze a phone for 9 to 14 s; a new session is drawn in well under one,
    // and the app puts the phone back where it was (its route, its seat).
    sessionStorage.removeItem(CONFIG.sessionKey);
    socket.told = new CloseEvent("close", {code: 1006, reason: "", wasClean: false});
    socket.dispatchEvent(socket.told);
  }

  function back() {
    lostAt = 0;
    blocking = false;
    show([words("back")], true);
    hiding = setTimeout(hide, CONFIG.backMs);
  }

  class WatchedSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (new URL(this.url).pathname !== CONFIG.endpoint) return;  // not the app's socket
      this.watched = true;
      this.heard = performance.now();
      current = this;
      // Registered before Flet's listeners, so an event stopped here never reaches them.
      this.addEventListener("message", (event) => {
        this.heard = performance.now();
        if (typeof event.data === "string" || this.givenUp) {
          event.stopImmediatePropagation();  // ours (see fromServer), or too late: not Flet's
          if (typeof event.data === "string" && !this.givenUp) fromServer(this, event.data);
        } else if (!this.spoken) {
          this.spoken = true;  // Flet's first frame: its session is answered
          if (lostAt) back();
        }
      });
      this.addEventListener("open", () => {
        this.heard = performance.now();
        loadFonts();
        this.pinging = setInterval(() => this.ping(), CONFIG.pingMs);
      });
      for (const type of ["error", "close"]) {
        this.addEventListener(type, (event) => {
          if (event === this.told) return;  // the close we tell Flet once the server answers
          event.stopImmediatePropagation();
          lost(this);
        });
      }
    }

    ping() {
      if (!this.givenUp && this.readyState === Native.OPEN) super.send(CONFIG.ping);
    }

    send(data) {
      if (this.watched && this.givenUp) return;  // a dead socket's: never delivered later
      super.send(data);
    }
  }

  // Whether the current socket has gone quiet. A timer that fired late means the page itself
  // was stalled (a busy phone), not the network: what the server sent meanwhile is still to be
  // read, and no keep-alive went out, so the silence counts from the end of the stall.
  let lastCheck = performance.now();
  setInterval(() => {
    const now = performance.now();
    const stalled = now - lastCheck > CONFIG.checkMs * 4;
    lastCheck = now;
    const socket = current;
    if (!socket || socket.givenUp) return;
    if (stalled) {
      socket.heard = Math.max(socket.heard, now);
      return;
    }
    const quiet = now - socket.heard;
    const limit = socket.readyState === Native.CONNECTING ? CONFIG.connectMs : CONFIG.lostMs;
    if (quiet > limit) lost(socket);
  }, CONFIG.checkMs);

  window.WebSocket = WatchedSocket;
})();
