using System.Diagnostics;
using System.IO.Compression;
using System.Text;
using Grpc.Net.Compression;

namespace GrpcBench.GrpcApi.Behaviour;

public class CompressionProviderTests
{
    private static readonly byte[] Text = Encoding.ASCII.GetBytes(string.Concat(Enumerable.Repeat("record 42: temperature=21.5 status=ok\n", 20_000)));

    public static TheoryData<string> Algorithms() => ["gzip", "deflate"];

    private static ICompressionProvider Provider(string algorithm, CompressionLevel level) =>
        algorithm == "gzip" ? new GzipCompressionProvider(level) : new DeflateCompressionProvider(level);

    private static byte[] Compress(ICompressionProvider provider, byte[] data, CompressionLevel? level = null)
    {
        var output = new MemoryStream();
        using (var compressor = provider.CreateCompressionStream(output, level)) compressor.Write(data);
        return output.ToArray();
    }

    private static byte[] Decompress(ICompressionProvider provider, byte[] data)
    {
        using var decompressor = provider.CreateDecompressionStream(new MemoryStream(data));
        var output = new MemoryStream();
        decompressor.CopyTo(output);
        return output.ToArray();
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Round_trip_restores_every_byte_and_leaves_the_target_stream_open(string algorithm)
    {
        var provider = Provider(algorithm, CompressionLevel.Fastest);
        var output = new MemoryStream();
        using (var compressor = provider.CreateCompressionStream(output, null)) compressor.Write(Text);

        Assert.True(output.CanWrite, "the compression stream closed the stream it wrote to");
        Assert.Equal(algorithm, provider.EncodingName);
        Assert.Equal(Text, Decompress(provider, output.ToArray()));
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void The_level_asked_for_is_the_level_used(string algorithm)
    {
        var provider = Provider(algorithm, CompressionLevel.NoCompression);

        var stored = Compress(provider, Text);
        var smallest = Compress(provider, Text, CompressionLevel.SmallestSize);

        Assert.True(stored.Length >= Text.Length, $"NoCompression gave {stored.Length} bytes for {Text.Length}");
        Assert.True(smallest.Length < Text.Length / 50, $"SmallestSize gave {smallest.Length} bytes for {Text.Length}");
    }

    [Fact]
    public void Gzip_reads_what_the_gzip_command_writes_and_the_command_reads_what_gzip_writes()
    {
        var file = Path.Combine(Path.GetTempPath(), $"grpcbench-{Guid.NewGuid():N}");
        File.WriteAllBytes(file, Text);
        try
        {
            Run("gzip", "-k", "-f", file);
            var provider = new GzipCompressionProvider(CompressionLevel.Fastest);
            Assert.Equal(Text, Decompress(provider, File.ReadAllBytes(file + ".gz")));

            File.WriteAllBytes(file + ".ours.gz", Compress(provider, Text));
            Run("gzip", "-t", file + ".ours.gz");
        }
        finally
        {
            foreach (var f in new[] { file, file + ".gz", file + ".ours.gz" }) File.Delete(f);
        }
    }

    [Fact]
    public void Grpc_deflate_is_the_zlib_format_with_its_header_and_checksum()
    {
        var zlib = Compress(new DeflateCompressionProvider(CompressionLevel.Optimal), Text);

        // RFC 1950: CMF 0x78 (deflate, 32 KiB window), header check divisible by 31.
        Assert.Equal(0x78, zlib[0]);
        Assert.Equal(0, (zlib[0] * 256 + zlib[1]) % 31);
        using var zlibReader = new ZLibStream(new MemoryStream(zlib), CompressionMode.Decompress);
        var output = new MemoryStream();
        zlibReader.CopyTo(output);
        Assert.Equal(Text, output.ToArray());
    }

    private static void Run(string command, params string[] arguments)
    {
        var start = new ProcessStartInfo(command) { RedirectStandardError = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        process.WaitForExit();
        Assert.True(process.ExitCode == 0, $"{command} {string.Join(' ', arguments)}: {process.StandardError.ReadToEnd()}");
    }
}
