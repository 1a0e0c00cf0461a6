"""The chart's axis: round labels around every point, few enough to read at 200 % text."""

from hypothesis import given
from hypothesis import strategies as st

from views.widgets.score_chart import GAPS, y_axis


def test_one_score_gets_a_span_of_ten_around_it_and_no_negative_labels_without_need():
    assert y_axis([45]) == (40, 50, 5)
    assert y_axis([1]) == (0, 10, 5)  # not -5: nobody scored below 0
    assert y_axis([-3]) == (-10, 5, 5)  # a Fossil score below 0 is shown


def test_scores_far_apart_get_round_steps():
    assert y_axis([98, 141, 135]) == (75, 150, 25)
    assert y_axis([21, 66, 53.3]) == (20, 80, 20)


@given(st.lists(st.integers(-60, 400), min_size=1, max_size=30),
       st.floats(-60, 400, allow_nan=False, allow_subnormal=False))  # an average of totals
def test_every_score_and_the_average_are_inside_few_round_labels(scores, average):
    bottom, top, step = y_axis([*scores, average])
    assert bottom <= min(*scores, average) and max(*scores, average) <= top
    assert (top - bottom) % step == 0 and 1 <= (top - bottom) // step <= GAPS
    assert str(step).rstrip("0") in {"1", "2", "25", "5"}
