using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace GrpcBench.Orchestration;

/// <summary>
/// The loopback floor for a payload (<see cref="LoopbackFloor"/>), measured in well under a second: a connection on
/// 127.0.0.1, a receiver thread on the host's CPU reading into a 1 MiB buffer, a sender thread on the worker's CPU
/// writing the payload in 1 MiB pieces; one payload to warm the connection, then <see cref="Tries"/> timed, the median.
/// </summary>
public static class MachineLoopback
{
    private const int Piece = 1024 * 1024, Tries = 5;

    /// <summary>The floor for <paramref name="payloadBytes"/>; null without a payload, off Linux, or where the loopback fails (the run goes on without it).</summary>
    public static LoopbackFloor? Measure(long payloadBytes, int? workerCpu, int? hostCpu)
    {
        if (payloadBytes <= 0 || !OperatingSystem.IsLinux()) return null;
        try
        {
            using var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            using var sender = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            sender.Connect((IPEndPoint)listener.LocalEndpoint);
            using var receiver = listener.AcceptSocket();
            var (receiverPinned, senderPinned, failed) = (false, false, false);
            var done = new long[Tries + 1];
            var reading = new Thread(() => Guarded(() =>
            {
                receiverPinned = hostCpu is { } cpu && ThisThread.PinTo(cpu);
                var buffer = new byte[Piece];
                for (var i = 0; i <= Tries; i++)
                {
                    for (long left = payloadBytes; left > 0;)
                    {
                        var read = receiver.Receive(buffer, 0, (int)Math.Min(buffer.Length, left), SocketFlags.None);
                        if (read == 0) throw new IOException("the loopback connection closed");
                        left -= read;
                    }
                    Volatile.Write(ref done[i], Stopwatch.GetTimestamp());
                }
            }, () => failed = true)) { IsBackground = true, Name = "loopback receiver" };
            var started = new long[Tries + 1];
            var writing = new Thread(() => Guarded(() =>
            {
                senderPinned = workerCpu is { } cpu && ThisThread.PinTo(cpu);
                var piece = new byte[Piece];
                Array.Fill(piece, (byte)1);
                for (var i = 0; i <= Tries; i++)
                {
                    // Each payload starts once the one before it has been read, so that none queues behind another.
                    while (i > 0 && Volatile.Read(ref done[i - 1]) == 0 && !Volatile.Read(ref failed)) Thread.SpinWait(100);
                    started[i] = Stopwatch.GetTimestamp();
                    for (long left = payloadBytes; left > 0; left -= Piece) sender.Send(piece, 0, (int)Math.Min(Piece, left), SocketFlags.None);
                }
            }, () => failed = true)) { IsBackground = true, Name = "loopback sender" };
            reading.Start();
            writing.Start();
            if (!writing.Join(TimeSpan.FromSeconds(10)) || !reading.Join(TimeSpan.FromSeconds(10)) || failed) return null;
            var ms = Enumerable.Range(1, Tries).Select(i => Stopwatch.GetElapsedTime(started[i], done[i]).TotalMilliseconds).Order().ElementAt(Tries / 2);
            return new LoopbackFloor(payloadBytes, Math.Round(ms, 3), senderPinned && receiverPinned ? $"worker {workerCpu}, host {hostCpu}" : "unpinned");
        }
        catch (Exception e) when (e is SocketException or IOException)
        {
            return null;
        }
    }

    /// <summary>A thread's work, whose failure is noted rather than taking the process down.</summary>
    private static void Guarded(Action work, Action failed)
    {
        try
        {
            work();
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            failed();
        }
    }
}
