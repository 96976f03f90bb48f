using System.Globalization;
using GrpcBench.Clients;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>Calls spread over several channels in turn: each channel a connection of its own, on both client stacks.</summary>
public class ClientChannelsTests
{
    [Theory]
    [InlineData(ClientStack.GrpcNet, Hosts.Kestrel, 3, "default", 3)]
    [InlineData(ClientStack.GrpcCore, Hosts.Legacy, 3, "default", 3)]
    [InlineData(ClientStack.GrpcNet, Hosts.Kestrel, 2, ClientProfiles.SplitChannels, 4)]
    [InlineData(ClientStack.GrpcNet, Hosts.Kestrel, null, "default", 1)]
    public async Task Calls_go_over_every_channel_in_turn_each_on_its_own_connection(ClientStack stack, string host, int? channels, string profile, int connections)
    {
        await using var server = await HostProcess.StartAsync(new HostLaunch(host, "net10.0", []));
        var port = new Uri(server.Ready.Url).Port;
        await using var client = BenchClient.Create(new ClientTarget(new Uri(server.Ready.Url), null),
            new ClientSettings { Stack = stack, Channels = channels, Profile = profile });

        for (var i = 0; i < 6; i++)
        {
            await client.GetIntAsync();
            await client.SendLargeDataAsync(Google.Protobuf.ByteString.CopyFrom(new byte[1024]));
        }

        Assert.Equal(connections, EstablishedTo(port));
    }

    /// <summary>
    /// The server side's established sockets on <paramref name="port"/>, one per client connection; IPv6 too, where C-core
    /// keeps IPv4 connections as mapped addresses.
    /// </summary>
    private static int EstablishedTo(int port) => new[] { "/proc/net/tcp", "/proc/net/tcp6" }.SelectMany(table => File.ReadLines(table).Skip(1))
        .Select(line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        .Count(fields => fields[3] == "01" && int.Parse(fields[1].Split(':')[1], NumberStyles.HexNumber) == port);
}
