"""A TCP proxy between the browser and the server that loses the network the way Wi-Fi does:
cut, it passes nothing on in either direction (nor opens the connections asked for meanwhile),
but nothing is refused or closed either, so the browser's socket stays open; restored, it
passes on what it held, in order, as TCP's retransmissions deliver it when the Wi-Fi is back."""

from __future__ import annotations

import asyncio
import threading

from tests.e2e.harness import WAIT_S, free_port


class Blackhole:
    def __init__(self, target_port: int):
        self.target_port = target_port
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.up = asyncio.Event()
        self.server: asyncio.Server | None = None

    def __enter__(self) -> Blackhole:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.listen(), self.loop).result(timeout=WAIT_S)
        return self

    def __exit__(self, *exc) -> None:
        async def close() -> None:
            assert self.server is not None
            self.server.close()
            tasks = asyncio.all_tasks() - {asyncio.current_task()}
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(timeout=WAIT_S)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=WAIT_S)

    async def listen(self) -> None:
        self.up.set()
        self.server = await asyncio.start_server(self.connection, "127.0.0.1", self.port)

    def cut(self) -> None:
        self.loop.call_soon_threadsafe(self.up.clear)

    def restore(self) -> None:
        self.loop.call_soon_threadsafe(self.up.set)

    async def connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        await self.up.wait()
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(
                "127.0.0.1", self.target_port)
        except OSError:  # the server is stopped: refused, as a machine with no server refuses
            writer.close()
            return
        pumps = asyncio.gather(self.pump(reader, upstream_writer),
                               self.pump(upstream_reader, writer), return_exceptions=True)
        try:
            await pumps
        except asyncio.CancelledError:  # the proxy is closing
            pumps.cancel()
            await asyncio.gather(pumps, return_exceptions=True)

    async def pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                await self.up.wait()  # held while cut: the network delivers it later
                sink.write(data)
                await sink.drain()
        finally:
            sink.close()
