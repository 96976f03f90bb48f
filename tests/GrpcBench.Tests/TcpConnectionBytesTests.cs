using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

public class TcpConnectionBytesTests
{
    [Fact]
    public async Task The_kernel_counts_what_a_connection_of_this_process_carried_each_way_and_nothing_of_the_other_end()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        using var client = new TcpClient();
        await client.ConnectAsync(IPAddress.Loopback, port);
        using var server = await listener.AcceptTcpClientAsync();
        var before = TcpConnectionBytes.Read(Environment.ProcessId, port)!;
        // bytes_acked counts the SYN as one byte.
        Assert.Equal((1, 0), (Assert.Single(before).Sent, before[0].Received));

        await client.GetStream().WriteAsync(new byte[100_000]);
        await ReadExactlyAsync(server.GetStream(), 100_000);
        await server.GetStream().WriteAsync(new byte[30_000]);
        await ReadExactlyAsync(client.GetStream(), 30_000);

        // The client's end only (its peer is the port), counted once data is acknowledged: a moment after it is read.
        var clock = Stopwatch.StartNew();
        IReadOnlyList<TcpConnectionBytes.Connection> after;
        do after = TcpConnectionBytes.Read(Environment.ProcessId, port)!;
        while (after.Sum(c => c.Sent) - before.Sum(c => c.Sent) < 100_000 && clock.Elapsed < TimeSpan.FromSeconds(5));
        var connection = Assert.Single(after);
        Assert.EndsWith($":{((IPEndPoint)client.Client.LocalEndPoint!).Port}", connection.Local);
        Assert.Equal(130_000, TcpConnectionBytes.Between(before, after));
        Assert.Empty(TcpConnectionBytes.Read(Environment.ProcessId + 1_000_000, port)!);
    }

    [Fact]
    public void A_connection_opened_since_counts_whole_and_one_closed_since_makes_the_count_unknown()
    {
        TcpConnectionBytes.Connection a = new("127.0.0.1:40000", 100, 1_000), aLater = a with { Sent = 150, Received = 1_500 }, b = new("127.0.0.1:40001", 7, 9);

        Assert.Equal(50 + 500 + 7 + 9, TcpConnectionBytes.Between([a], [aLater, b]));
        Assert.Null(TcpConnectionBytes.Between([a, b], [aLater]));
    }

    [Fact]
    public void Ss_output_is_read_for_the_process_and_the_peer_port_asked_only()
    {
        const string output = """
            0      0               127.0.0.1:33059          127.0.0.1:59286 users:(("dotnet",pid=24497,fd=225))
            	 bbr wscale:10,10 rto:204 bytes_sent:844610 bytes_retrans:39 bytes_acked:844571 bytes_received:9829966643 segs_out:247424
            0      540969 [::ffff:127.0.0.1]:59286 [::ffff:127.0.0.1]:33059 users:(("dotnet",pid=24512,fd=118))
            	 bbr wscale:10,10 rto:204 bytes_sent:9830499492 bytes_retrans:532849 bytes_acked:9829802714 bytes_received:844571 segs_out:564073
            0      0      [::ffff:127.0.0.1]:59300 [::ffff:127.0.0.1]:33059 users:(("dotnet",pid=999,fd=7))
            	 cubic bytes_acked:5 bytes_received:6
            """;

        var connection = Assert.Single(TcpConnectionBytes.Parse(output, 24512, 33059));
        Assert.Equal(new TcpConnectionBytes.Connection("[::ffff:127.0.0.1]:59286", 9_829_802_714, 844_571), connection);
        Assert.Empty(TcpConnectionBytes.Parse(output, 24497, 33059));
    }

    private static async Task ReadExactlyAsync(NetworkStream stream, int count)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        await stream.ReadExactlyAsync(new byte[count], timeout.Token);
    }
}
