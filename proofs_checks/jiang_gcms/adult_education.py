"""The "education" column of the Adult Census Income data as Section VII-D (and Fig. 8) uses it, summarised.

Counted by :func:`ldpref.figures.datasets.adult_education` over ldpref's shipped ``adult/adult.data.csv``
(sha256 99c4f7ae498c576e385020fa5fd258b485528adb4a7bf789ac690cad732af582) and ``adult.test.csv``
(sha256 4a08166b1e4930b5180b6fd90216416f965240e53ff9bcb29a7920ee2ad88de8): 48,842 records of 15 columns
(14 attributes and the income class).  GCMS's estimates depend on the data only through these counts, so the
ledger judges the VII-D statements on them without reading the files; ``tests/test_jiang_sec7_claims.py``
recounts them from the files.
"""

#: (value, count), sorted by count as the figure module sorts them
ADULT_EDUCATION = (("Preschool", 83), ("1st-4th", 247), ("5th-6th", 509), ("Doctorate", 594), ("12th", 657),
                   ("9th", 756), ("Prof-school", 834), ("7th-8th", 955), ("10th", 1389), ("Assoc-acdm", 1601),
                   ("11th", 1812), ("Assoc-voc", 2061), ("Masters", 2657), ("Bachelors", 8025),
                   ("Some-college", 10878), ("HS-grad", 15784))
#: columns of the files' header (age, workclass, ..., native-country, class)
ADULT_COLUMNS = 15


def counts() -> list[int]:
    """The 16 counts, in the order of :data:`ADULT_EDUCATION`."""
    return [c for _, c in ADULT_EDUCATION]


def index(value: str) -> int:
    """The position of an education value in :data:`ADULT_EDUCATION`."""
    for i, (name, _) in enumerate(ADULT_EDUCATION):
        if name == value:
            return i
    raise KeyError(value)
