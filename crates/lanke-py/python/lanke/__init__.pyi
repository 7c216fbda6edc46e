import os
from typing import Dict, Iterable, Optional, Tuple, Union

import pyarrow as pa

TABLES: Tuple[str, str, str, str]

def replay(source: Union[str, os.PathLike[str]]) -> list[dict]: ...
def judge(source: Union[str, os.PathLike[str]], judge: str = "builtin") -> list[dict]: ...
def families() -> list[str]: ...
def score(
    source: Union[str, os.PathLike[str]],
    rules: str = "all",
    komi: str = "native",
    judge: str = "builtin",
) -> list[dict]: ...
def rescore(
    paths: Union[str, os.PathLike[str], Iterable[Union[str, os.PathLike[str]]]],
    rules: str = "all",
    komi: str = "native",
    judge: str = "builtin",
    jobs: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> Dict[str, pa.Table]: ...
def derive(games: pa.Table, scores: pa.Table, komi: str = "native") -> Dict[str, pa.Table]: ...
