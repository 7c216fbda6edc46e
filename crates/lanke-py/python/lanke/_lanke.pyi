from typing import List, Optional, Sequence, Tuple

def rescore_csv(
    paths: Sequence[str],
    rules: str = "all",
    komi: str = "native",
    judge: str = "builtin",
    jobs: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> List[bytes]: ...
def score_json(
    source: str, rules: str = "all", komi: str = "native", judge: str = "builtin"
) -> str: ...
def columns() -> List[Tuple[str, List[Tuple[str, str]]]]: ...
def families() -> List[str]: ...
