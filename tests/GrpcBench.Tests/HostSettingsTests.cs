using GrpcBench.Hosting;
using Microsoft.Extensions.Configuration;

namespace GrpcBench.Tests;

public class HostSettingsTests
{
    private static HostSettings Read(params string[] args) => HostSettingsReader.Read(new ConfigurationBuilder().AddCommandLine(args).Build());

    [Fact]
    public void Defaults_bind_loopback_on_a_free_port_with_the_runtime_defaults()
    {
        var settings = Read();

        Assert.Equal("127.0.0.1", settings.Address);
        Assert.Equal(0, settings.Port);
        Assert.Equal(4 * 1024 * 1024, settings.MaxReceiveMessageSize);
        Assert.Null(settings.MaxSendMessageSize);
        Assert.Equal(Compression.None, settings.ResponseCompression);
        Assert.False(settings.Tls);
        Assert.Equal(KestrelProfiles.Default, settings.Kestrel.Profile);
        Assert.Null(settings.Kestrel.InitialStreamWindowSize);
        Assert.Equal(new RecordSettings(110_000, null), settings.Records);
        Assert.Null(settings.ServiceAssembly);
    }

    [Fact]
    public void The_service_assembly_is_a_path_from_the_command_line_or_the_environment_as_given()
    {
        Assert.Equal("team/Inventory.dll", Read("--serviceAssembly", "team/Inventory.dll").ServiceAssembly);

        var fromEnvironment = new ConfigurationBuilder()
            .AddInMemoryCollection(new Dictionary<string, string?> { ["SERVICEASSEMBLY"] = "/opt/team/Inventory.dll" })
            .Build();
        Assert.Equal("/opt/team/Inventory.dll", HostSettingsReader.Read(fromEnvironment).ServiceAssembly);
    }

    [Fact]
    public void The_record_database_takes_a_count_and_a_path_made_absolute()
    {
        var settings = Read("--records:count", "1000000", "--records:databasePath", "records.db");

        Assert.Equal(1_000_000, settings.Records.Count);
        Assert.Equal(Path.GetFullPath("records.db"), settings.Records.DatabasePath);
    }

    [Fact]
    public void Command_line_overrides_environment_which_overrides_appsettings()
    {
        var json = Path.GetTempFileName();
        File.WriteAllText(json, """{ "Port": 5001, "Tls": true, "Kestrel": { "Profile": "large-windows" } }""");
        try
        {
            var config = new ConfigurationBuilder()
                .AddJsonFile(json)
                .AddInMemoryCollection(new Dictionary<string, string?> { ["Port"] = "5002", ["ResponseCompression"] = "gzip" })
                .AddCommandLine(["--port", "5003"])
                .Build();

            var settings = HostSettingsReader.Read(config);

            Assert.Equal(5003, settings.Port);
            Assert.Equal(Compression.Gzip, settings.ResponseCompression);
            Assert.True(settings.Tls);
            Assert.Equal(KestrelProfiles.LargeWindows, settings.Kestrel.Profile);
        }
        finally
        {
            File.Delete(json);
        }
    }

    [Theory]
    [InlineData("--kestrel:sockets:ioQueueCount", "-1", "Kestrel:Sockets:ioQueueCount=-1: allowed a whole number from 0 to 1,024")]
    [InlineData("--kestrel:sockets:unsafePreferInlineScheduling", "yes", "Kestrel:Sockets:unsafePreferInlineScheduling=yes: allowed true or false")]
    [InlineData("--kestrel:initialStreamWindowSize", "65534", "Kestrel:initialStreamWindowSize=65534: allowed a whole number from 65,535 to 2,147,483,647")]
    [InlineData("--kestrel:initialConnectionWindowSize", "2147483648", "Kestrel:initialConnectionWindowSize=2147483648: allowed a whole number from 65,535 to 2,147,483,647")]
    [InlineData("--kestrel:maxFrameSize", "1000", "Kestrel:maxFrameSize=1000: allowed a whole number from 16,384 to 16,777,215")]
    [InlineData("--maxReceiveMessageSize", "-1", "maxReceiveMessageSize=-1: allowed a size in bytes from 0 to 2,147,483,647, or unlimited")]
    [InlineData("--kestrel:maxRequestBodySize", "-5", "Kestrel:maxRequestBodySize=-5: allowed a size in bytes")]
    [InlineData("--responseCompression", "brotli", "responseCompression=brotli: allowed one of none, gzip, deflate")]
    [InlineData("--kestrel:profile", "net5-windows", "Kestrel:profile=net5-windows: allowed one of default, net6-windows, large-windows")]
    [InlineData("--address", "example.org", "address=example.org: allowed an IPv4 or IPv6 address")]
    [InlineData("--port", "70000", "port=70000: allowed a whole number from 0 to 65,535")]
    [InlineData("--tls", "maybe", "tls=maybe: allowed true or false")]
    [InlineData("--uds", "maybe", "uds=maybe: allowed true or false")]
    [InlineData("--records:count", "0", "Records:count=0: allowed a whole number from 1 to 10,000,000")]
    [InlineData("--records:count", "10000001", "Records:count=10000001: allowed a whole number from 1 to 10,000,000")]
    [InlineData("--records:databasePath", "/tmp", "Records:databasePath=/tmp: allowed a path to a file (made if missing), not a directory")]
    [InlineData("--uploadReader", "copy", "uploadReader=copy: allowed one of message, sequence")]
    public void An_impossible_setting_is_named_with_what_is_allowed(string key, string value, string expected)
    {
        var error = Assert.Throws<InvalidSettingException>(() => Read(key, value));

        Assert.StartsWith("invalid setting ", error.Message);
        Assert.Contains(expected, error.Message, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void The_sequence_upload_reader_reads_binary_protobuf_only()
    {
        Assert.Equal(("message", "sequence"), (Read().UploadReader, Read("--uploadReader", "sequence").UploadReader));
        var error = Assert.Throws<InvalidSettingException>(() => Read("--uploadReader", "sequence", "--codec", "json"));
        Assert.Equal("invalid setting UploadReader=sequence: allowed message with Codec=json (the sequence reader reads binary protobuf)", error.Message);
    }

    [Theory]
    [InlineData("default", null, null)]
    [InlineData("net6-windows", 131_072, 98_304)]
    [InlineData("large-windows", 33_554_432, 16_777_216)]
    public void Profiles_name_the_windows_they_set(string profile, int? connection, int? stream)
    {
        Assert.Equal((connection, stream), KestrelProfiles.Windows(profile));
    }
}

/// <summary>Changes this process's environment, which every host started meanwhile would inherit: runs alone.</summary>
[CollectionDefinition(nameof(ProcessEnvironmentTests), DisableParallelization = true)]
[Collection(nameof(ProcessEnvironmentTests))]
public class ProcessEnvironmentTests
{
    [Fact]
    public void Environment_variables_with_the_prefix_are_read()
    {
        Environment.SetEnvironmentVariable("GRPCBENCH_KESTREL__INITIALSTREAMWINDOWSIZE", "131072");
        try
        {
            Assert.Equal(131_072, HostSettingsReader.Read([]).Kestrel.InitialStreamWindowSize);
        }
        finally
        {
            Environment.SetEnvironmentVariable("GRPCBENCH_KESTREL__INITIALSTREAMWINDOWSIZE", null);
        }
    }
}
