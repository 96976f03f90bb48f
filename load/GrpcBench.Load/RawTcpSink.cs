using System.Net;
using System.Net.Sockets;

namespace GrpcBench.Load;

/// <summary>
/// The raw-tcp baseline's server, in the tool's own process: reads a length-prefixed payload to the end and
/// answers one byte. No HTTP/2, no gRPC, no copies beyond the socket's: the floor every figure is read against.
/// </summary>
public sealed class RawTcpSink : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _accepting;

    public RawTcpSink()
    {
        _listener.Start();
        _accepting = AcceptAsync();
    }

    public Uri Url => new($"tcp://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}");

    private async Task AcceptAsync()
    {
        try
        {
            while (true)
            {
                var socket = await _listener.AcceptSocketAsync(_stop.Token);
                _ = Task.Run(() => DrainAsync(socket));
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException) { }
    }

    private async Task DrainAsync(Socket socket)
    {
        using (socket)
        {
            try
            {
                var header = new byte[8];
                for (var read = 0; read < 8;) read += await Receive(socket, header.AsMemory(read));
                var remaining = BitConverter.ToInt64(header);
                var buffer = new byte[256 * 1024];
                while (remaining > 0) remaining -= await Receive(socket, buffer.AsMemory(0, (int)Math.Min(buffer.Length, remaining)));
                await socket.SendAsync(new byte[] { 1 }, SocketFlags.None, _stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or EndOfStreamException) { }
        }
    }

    private async Task<int> Receive(Socket socket, Memory<byte> buffer)
    {
        var read = await socket.ReceiveAsync(buffer, SocketFlags.None, _stop.Token);
        return read > 0 ? read : throw new EndOfStreamException();
    }

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        _listener.Stop();
        await _accepting;
    }
}
