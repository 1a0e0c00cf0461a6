"""A phone on the LAN that adds the app to its home screen gets Tallybook, with its icon."""

from __future__ import annotations

from tests.e2e.harness import LAN_HOST, ROOT
from tests.e2e.phone import Phone

MANIFEST = """async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const manifest = await (await fetch(link.href)).json();
    const icons = await Promise.all(manifest.icons.map(icon => new Promise((done, failed) => {
        const image = new Image();
        image.onload = () => done([icon.sizes, image.naturalWidth, image.naturalHeight]);
        image.onerror = () => failed(new Error(icon.src));
        image.src = new URL(icon.src, link.href).href;
    })));
    const touch = document.querySelector('link[rel="apple-touch-icon"]').href;
    return {href: link.href, name: manifest.name, short_name: manifest.short_name,
            start: new URL(manifest.start_url, link.href).href, icons,
            favicon: await (await fetch(document.querySelector('link[rel="icon"]').href)).blob()
                .then(blob => blob.size),
            touch: (await fetch(touch)).headers.get("content-type")};
}"""


def test_the_page_is_tallybook_and_its_manifest_and_icons_are_ours(server, make_context):
    origin = f"http://{LAN_HOST}:{server.port}"
    phone = Phone.open(make_context(), f"{origin}/")
    phone.expect_says("game-symbiose", "Symbiose")  # the app has started and set its title
    assert phone.page.evaluate("document.title") == "Tallybook"
    found = phone.page.evaluate(MANIFEST)
    assert found["href"] == f"{origin}/manifest.json"
    assert (found["name"], found["short_name"], found["start"]) == \
        ("Tallybook", "Tallybook", f"{origin}/")
    assert sorted(found["icons"]) == [["192x192", 192, 192]] * 2 + [["512x512", 512, 512]] * 2
    icon_bytes = (ROOT / "assets" / "app-icon" / "favicon.png").stat().st_size
    assert found["favicon"] == icon_bytes
    assert found["touch"] == "image/png"
