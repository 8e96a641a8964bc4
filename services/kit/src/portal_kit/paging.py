"""Paged lists: the ``pageNo`` / ``pageSize`` query parameters of the spec's list calls, as one dependency."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from fastapi import Query

from portal_kit.envelope import PageRead

T = TypeVar("T")


@dataclass(frozen=True)
class Page:
    number: int
    size: int

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size

    def total_pages(self, total: int) -> int:
        return (total + self.size - 1) // self.size


def page_params(default_size: int = 20, max_size: int = 100) -> Callable[..., Awaitable[Page]]:
    """A dependency reading ``pageNo`` (from 1) and ``pageSize`` (1 to ``max_size``)."""

    async def dependency(
        page_no: int = Query(1, alias="pageNo", ge=1, le=100_000),
        page_size: int = Query(default_size, alias="pageSize", ge=1, le=max_size),
    ) -> Page:
        return Page(page_no, page_size)

    return dependency


def page_of(page: Page, items: list[T], total: int) -> PageRead[T]:
    """``items`` (already cut to ``page``) as the answer of a paged list of ``total`` items."""
    return PageRead[T](pageNum=page.number, totalPages=page.total_pages(total), total=total, list=items)
