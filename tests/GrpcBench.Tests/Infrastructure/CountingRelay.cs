using System.Net;
using System.Net.Sockets;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// A TCP relay on loopback that counts the bytes each way: wire bytes measured at a point neither gRPC
/// stack controls.
/// </summary>
public sealed class CountingRelay : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Task> _pumps = [];
    private readonly Task _accepting;
    private long _toServer;
    private long _toClient;

    public CountingRelay(Uri target)
    {
        _listener.Start();
        _accepting = AcceptAsync(target);
    }

    public Uri Url(Uri target) => new UriBuilder(target) { Port = ((IPEndPoint)_listener.LocalEndpoint).Port }.Uri;

    public long BytesToServer => Interlocked.Read(ref _toServer);
    public long BytesToClient => Interlocked.Read(ref _toClient);

    private async Task AcceptAsync(Uri target)
    {
        try
        {
            while (!_stop.IsCancellationRequested)
            {
                var client = await _listener.AcceptTcpClientAsync(_stop.Token);
                var server = new TcpClient();
                await server.ConnectAsync(target.Host, target.Port, _stop.Token);
                lock (_pumps)
                {
                    _pumps.Add(PumpAsync(client, server, toServer: true));
                    _pumps.Add(PumpAsync(server, client, toServer: false));
                }
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException) { }
    }

    private async Task PumpAsync(TcpClient from, TcpClient to, bool toServer)
    {
        var buffer = new byte[64 * 1024];
        try
        {
            int read;
            while ((read = await from.GetStream().ReadAsync(buffer, _stop.Token)) > 0)
            {
                Interlocked.Add(ref toServer ? ref _toServer : ref _toClient, read);
                await to.GetStream().WriteAsync(buffer.AsMemory(0, read), _stop.Token);
            }
            to.Client.Shutdown(SocketShutdown.Send);
        }
        catch (Exception e) when (e is IOException or SocketException or OperationCanceledException or ObjectDisposedException or InvalidOperationException) { }
    }

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        _listener.Stop();
        await _accepting;
        Task[] pumps;
        lock (_pumps) pumps = [.. _pumps];
        await Task.WhenAll(pumps);
    }
}
