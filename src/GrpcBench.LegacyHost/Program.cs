using System.Net.Sockets;
using System.Runtime.InteropServices;
using Grpc.Core;
using GrpcBench;
using GrpcBench.Contracts;
using GrpcBench.Contracts.Records;
using GrpcBench.Hosting;
using GrpcBench.LegacyHost;
using GrpcBench.Records;
using GrpcBench.Service;
using GrpcBench.ServiceAssembly;

if (HostSettingsReader.ReadOrReport(args) is not { } settings) return 2;
if (HostedServices.LoadOrReport(settings.ServiceAssembly) is not { } teamServices) return 2;
// Made (at first use) and opened before the host listens, so that the ready line means RecordService can serve.
if (RecordStore.OpenOrReport(settings.Records.DatabasePath, settings.Records.Count) is not { } records) return 2;

using var certificate = settings.Tls ? SelfSignedCertificate.Create() : null;
var credentials = certificate is null
    ? ServerCredentials.Insecure
    : new SslServerCredentials([new KeyCertificatePair(SelfSignedCertificate.ToPem(certificate), SelfSignedCertificate.PrivateKeyPem(certificate))]);

using var socketFolder = settings.Uds ? UnixSocketFolder.Create() : null;
// Grpc.Core's ServerPort always appends ":port" to the host (grpc/grpc#20375), so the socket is named "grpc.sock:0";
// the address reported is the path C-core bound, which both clients connect to as it is.
var serverPort = socketFolder is null
    ? new ServerPort(settings.Address, settings.Port, credentials)
    : new ServerPort(UnixSocketFolder.Url(socketFolder.Socket("grpc.sock")), 0, credentials);
var channelArguments = CoreChannelArguments.For(settings);
var service = new ExampleServiceImpl(new ExampleServiceOptions(TimeSpan.FromMilliseconds(settings.GetIntDelayMs), settings.GetIntSerial, TimeSpan.FromMilliseconds(settings.GetIntCpuMs), settings.GetIntFreshPages));
var server = new Server(channelArguments)
{
    Services =
    {
        settings.Codec == JsonCodec.Json ? JsonExampleService.Bind(service)
        : settings.UploadReader == UploadPaths.Sequence ? SequenceExampleService.Bind(service)
        : ExampleService.BindService(service),
        RecordService.BindService(new RecordServiceImpl(records)),
    },
    Ports = { serverPort },
};
foreach (var team in teamServices.Services) server.Services.Add(team.Implementation.Definition(team.Instance));
server.Start();

var stopped = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
using var sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Stop);
using var sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, Stop);
ParentWatch.StopWhenGone(settings.ParentPid, () => stopped.TrySetResult());

var port = server.Ports.Single().BoundPort;
var host = System.Net.IPAddress.Parse(settings.Address).AddressFamily == AddressFamily.InterNetworkV6 ? $"[{settings.Address}]" : settings.Address;
var url = socketFolder is null
    ? $"{(certificate is null ? "http" : "https")}://{host}:{port}"
    : UnixSocketFolder.Url(socketFolder.Socket("grpc.sock:0"));
var ready = ReadyLine.ForThisProcess(
    stack: ServerStack.GrpcCore.Text(),
    url,
    certificate is null ? null : SelfSignedCertificate.ToPem(certificate),
    StackComponents.Of(typeof(Status).Assembly, typeof(Server).Assembly),
    CoreChannelArguments.Effective(settings, channelArguments, records, teamServices));
Console.WriteLine(ready.ToJson());

await stopped.Task;
// Calls still running get a short grace, as Kestrel's shutdown timeout gives them, then are cancelled.
var graceful = server.ShutdownAsync();
if (await Task.WhenAny(graceful, Task.Delay(TimeSpan.FromSeconds(4))) != graceful) await server.KillAsync();
socketFolder?.Dispose();
return 0;

void Stop(PosixSignalContext context)
{
    context.Cancel = true;
    stopped.TrySetResult();
}
