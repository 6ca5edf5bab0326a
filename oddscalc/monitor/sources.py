"""Where a feed's lines come from: a file (read to its end, or followed as it grows and survives rotation),
standard input, or a serial device (a wheel controller printing a line per game state, pyserial).

Each source yields whole lines (bytes) and knows its position: the file's identity (device, inode), the byte
offset after the last line yielded, its line number and the TAIL bytes before that offset; the state file keeps
it with the tests' state. A file whose bytes before the offset are no longer those read was truncated and
written again while the monitor was away (logrotate's copytruncate): it is read again from its start. A followed
file is polled. At its end the source commits (the caller's `idle`), sleeps at most POLL_MAX seconds, and checks
the path again. A new inode at the path is a rotation: the old file is read to its end first, then the new one
from its start. A file shorter than the offset was truncated in place and is read again from its start.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from oddscalc.core.errors import InputError
from oddscalc.verify.reader import MAX_LINE

__all__ = ["POLL_MAX", "TAIL", "FileSource", "Position", "SerialSource", "SourceError", "StdinSource"]

#: The longest sleep between two looks at a followed file or an idle device, in seconds.
POLL_MAX = 0.25
#: The bytes before a file's offset kept with its position, to tell the same file from one written again.
TAIL = 64

#: A feed's place: device, inode, byte offset, line number, and the bytes before the offset (files only; None in a
#: state file made before they were kept, when the file is taken as the same).
Position = tuple[int, int, int, int, bytes | None]


class SourceError(InputError):
    """A feed that cannot be opened: one line."""


class _Base:
    name = ""
    label = ""
    dev = ino = offset = line = 0
    notes: list[str]

    def position(self) -> Position:
        return (self.dev, self.ino, self.offset, self.line, b"")


class FileSource(_Base):
    """A file, from the position the state file gives (if it is the same file), optionally followed."""

    def __init__(
        self,
        path: str,
        start: Position | None,
        follow: bool = False,
        idle_exit: float | None = None,
        idle: Callable[[], None] = lambda: None,
    ) -> None:
        self.name = self.label = path
        self.path = Path(path)
        self.follow, self.idle_exit, self.idle = follow, idle_exit, idle
        self.notes = []
        self._new: BinaryIO | None = None
        self.f = self._open()
        st = os.fstat(self.f.fileno())
        self.dev, self.ino = st.st_dev, st.st_ino
        if start is not None:
            dev, ino, offset, line, tail = start
            if (dev, ino) == (self.dev, self.ino) and offset <= st.st_size and tail in (None, self._tail(offset)):
                self.f.seek(offset)
                self.offset, self.line = offset, line
            else:
                self.notes.append(f"{path} is not the file last read (replaced or truncated): read from its start")

    def _tail(self, offset: int) -> bytes:
        """The TAIL bytes before `offset` in the open file (fewer at its start)."""
        start = max(0, offset - TAIL)
        return os.pread(self.f.fileno(), offset - start, start)

    def position(self) -> Position:
        return (self.dev, self.ino, self.offset, self.line, self._tail(self.offset))

    def _open(self) -> BinaryIO:
        try:
            f = open(self.path, "rb")
        except OSError as exc:
            raise SourceError(f"cannot read feed {self.path}: {exc.strerror or exc}") from None
        if self.path.is_dir():
            f.close()
            raise SourceError(f"feed {self.path} is a directory")
        return f

    def lines(self) -> Iterator[bytes]:
        waited, pause = 0.0, 0.01
        while True:
            raw = self.f.readline(MAX_LINE + 1)
            if raw and (raw.endswith(b"\n") or len(raw) > MAX_LINE or not self.follow):
                self.offset += len(raw)
                self.line += 1
                waited, pause = 0.0, 0.01
                yield raw
                continue
            if raw:  # a line still being written: read it again when it is whole
                self.f.seek(self.offset)
            if not self.follow:
                return
            if self._new is not None:  # the old file is read to its end: go on with the new one
                self.f.close()
                self.f, self._new = self._new, None
                st = os.fstat(self.f.fileno())
                self.dev, self.ino, self.offset, self.line = st.st_dev, st.st_ino, 0, 0
                self.notes.append(f"{self.path} rotated: reading the new file from its start")
                continue
            if self._rotated():
                continue
            self.idle()
            if self.idle_exit is not None and waited >= self.idle_exit:
                return
            time.sleep(pause)
            waited += pause
            pause = min(pause * 2, POLL_MAX)

    def _rotated(self) -> bool:
        """Whether the path now names another file (rotation) or a shorter one (truncation); reopened if so."""
        try:
            st = os.stat(self.path)
        except OSError:
            return False  # between the rename and the new file: look again later
        if (st.st_dev, st.st_ino) != (self.dev, self.ino):
            try:
                self._new = open(self.path, "rb")
            except OSError:
                return False
            return True
        if st.st_size < self.offset:
            self.f.seek(0)
            self.offset, self.line = 0, 0
            self.notes.append(f"{self.path} truncated: read again from its start")
            return True
        return False

    def close(self) -> None:
        self.f.close()


class StdinSource(_Base):
    """Standard input (`-`): read as it comes; its position is a line count (a pipe cannot be read again)."""

    def __init__(self) -> None:
        self.name, self.label, self.notes = "-", "stdin", []

    def lines(self) -> Iterator[bytes]:
        stream = sys.stdin.buffer
        while True:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                return
            self.line += 1
            yield raw

    def close(self) -> None:
        pass


class SerialSource(_Base):
    """A serial device (pyserial), e.g. a wheel controller at 9600 baud: lines as they arrive."""

    def __init__(self, device: str, baud: int, idle_exit: float | None, idle: Callable[[], None]) -> None:
        import serial  # only a serial feed needs it

        self.name = self.label = f"serial:{device}"
        self.notes = []
        self.idle_exit, self.idle = idle_exit, idle
        try:
            self.port = serial.Serial(device, baudrate=baud, timeout=POLL_MAX)
        except (serial.SerialException, ValueError, OSError) as exc:
            raise SourceError(f"cannot open serial device {device}: {str(exc)[:100]}") from None

    def lines(self) -> Iterator[bytes]:
        buf = b""
        waited = 0.0
        while True:
            try:
                chunk = self.port.readline(MAX_LINE + 1)
            except Exception as exc:  # a device unplugged: the feed ends, the state is committed
                self.notes.append(f"{self.label} stopped: {str(exc)[:100]}")
                return
            if chunk:
                buf += chunk
                if buf.endswith(b"\n") or len(buf) > MAX_LINE:
                    self.line += 1
                    waited = 0.0
                    out, buf = buf, b""
                    yield out
                continue
            self.idle()
            waited += POLL_MAX
            if self.idle_exit is not None and waited >= self.idle_exit:
                if buf:
                    self.line += 1
                    yield buf
                return

    def close(self) -> None:
        self.port.close()
