"""What one address may hold, and all together (views/web/caps.py)."""

from views.web.caps import Caps

CAPS = Caps(per_address=5, total=20, few=2, reserve=4)


def test_an_address_fills_its_own_share_only():
    assert CAPS.admits(mine=4, total=10)
    assert not CAPS.admits(mine=5, total=10)


def test_when_all_is_full_a_newcomer_still_gets_in_from_the_reserve():
    assert not CAPS.admits(mine=2, total=20)  # holds its few already: waits
    assert CAPS.admits(mine=0, total=20) and CAPS.admits(mine=1, total=23)
    assert not CAPS.admits(mine=0, total=24)  # the reserve is bounded too
