using Grpc.AspNetCore.Server;
using GrpcBench;
using GrpcBench.KestrelHost;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.Options;
using System.Net;

if (HostSettingsReader.ReadOrReport(args) is not { } settings) return 2;
if (HostedServices.LoadOrReport(settings.ServiceAssembly) is not { } teamServices) return 2;
// Made (at first use) and opened before the host listens, so that the ready line means RecordService can serve.
if (RecordStore.OpenOrReport(settings.Records.DatabasePath, settings.Records.Count) is not { } records) return 2;

using var certificate = settings.Tls ? SelfSignedCertificate.Create() : null;
using var socketFolder = settings.Uds ? UnixSocketFolder.Create() : null;
var socketPath = socketFolder?.Socket("grpc.sock");

var builder = WebApplication.CreateBuilder(new WebApplicationOptions { Args = [] });
builder.Logging.ClearProviders();
builder.Logging.AddConsole(o => o.LogToStandardErrorThreshold = LogLevel.Trace).SetMinimumLevel(LogLevel.Warning);
builder.Services.Configure<HostOptions>(o => o.ShutdownTimeout = TimeSpan.FromSeconds(4));
builder.WebHost.UseSockets(sockets => KestrelLimits.Apply(sockets, settings.Kestrel.Sockets));
builder.WebHost.ConfigureKestrel(kestrel =>
{
    KestrelLimits.Apply(kestrel, settings);
    void Endpoint(ListenOptions listen)
    {
        // Prior-knowledge h2c needs HTTP/2 alone on a cleartext endpoint.
        listen.Protocols = HttpProtocols.Http2;
        if (certificate is not null) listen.UseHttps(certificate);
    }
    if (socketPath is not null) kestrel.ListenUnixSocket(socketPath, Endpoint);
    else kestrel.Listen(IPAddress.Parse(settings.Address), settings.Port, Endpoint);
});

GrpcServer.Add(builder.Services, settings, records, teamServices);

var app = builder.Build();
GrpcServer.Map(app, settings, teamServices);
// The transport without gRPC, measured on the same host as the floor under every gRPC figure.
ProbeEndpoints.Map(app);

ParentWatch.StopWhenGone(settings.ParentPid, () => app.Lifetime.StopApplication());
// Here rather than at the end: after SIGTERM the process may exit as soon as the host has stopped, before the rest of this file runs.
if (socketFolder is not null) app.Lifetime.ApplicationStopped.Register(socketFolder.Dispose);
await app.StartAsync();

var url = socketPath is null ? app.Urls.Single() : UnixSocketFolder.Url(socketPath);
var kestrelOptions = app.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value;
var grpcOptions = app.Services.GetRequiredService<IOptions<GrpcServiceOptions>>().Value;
var socketOptions = app.Services.GetRequiredService<IOptions<SocketTransportOptions>>().Value;
var ready = ReadyLine.ForThisProcess(
    stack: ServerStack.Kestrel.Text(),
    url,
    certificate is null ? null : SelfSignedCertificate.ToPem(certificate),
    StackComponents.Of(typeof(Grpc.Core.Status).Assembly, typeof(Grpc.Net.Compression.ICompressionProvider).Assembly, typeof(GrpcServiceOptions).Assembly),
    KestrelLimits.Effective(kestrelOptions, socketOptions, settings, GrpcServer.Effective(grpcOptions), records, teamServices));
Console.WriteLine(ready.ToJson());

await app.WaitForShutdownAsync();
return 0;
