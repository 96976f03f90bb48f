using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.ServiceAssembly;

namespace GrpcBench.Load.Worker;

/// <summary>
/// A team's own service (<see cref="LoadShape.Service"/>) as steps of the engine: a scenario per method of the load,
/// called by the method's descriptor from the team's assembly, with no generated client. The assembly is loaded once
/// per worker, for every load it runs; each load parses its requests once.
/// </summary>
public sealed class ServiceSteps
{
    private readonly LoadedServiceAssembly _assembly;
    private readonly CallInvoker _invoker;
    private readonly Func<CancellationToken, CallOptions> _options;

    /// <param name="options">A call's options (its headers, such as the configuration's compression) with the step's token.</param>
    public ServiceSteps(string assemblyPath, CallInvoker invoker, Func<CancellationToken, CallOptions> options)
    {
        _assembly = LoadedServiceAssembly.Load(assemblyPath);
        (_invoker, _options) = (invoker, options);
    }

    /// <summary>Calls on the client's small-call channel, with the client's options.</summary>
    public static ServiceSteps Of(ServiceLoad service, BenchClient client) =>
        new(service.AssemblyPath, client.SmallCallInvoker, cancellationToken => client.Options(cancellationToken));

    /// <summary>The methods of <paramref name="shape"/>'s service, each a scenario on the simulations the shape gives it.</summary>
    public IReadOnlyList<LoadScenario> Scenarios(LoadShape shape)
    {
        var service = shape.Service ?? throw new InvalidDataException("a load of a team's service names no service");
        if (Path.GetFullPath(service.AssemblyPath) != Path.GetFullPath(_assembly.Path))
            throw new InvalidDataException($"a worker calls the service assembly of its first spec only ({_assembly.Path}, not {service.AssemblyPath}); start another for another");
        var steps = new Dictionary<string, Func<StepContext, Task<StepResult>>>();
        foreach (var load in service.Methods)
        {
            var method = _assembly.Method(load.Method, out var names)
                ?? throw new InvalidDataException($"{service.AssemblyPath} has no method {load.Method}; it has {string.Join(", ", names)}");
            steps.Add(load.Name, new MethodCalls(load, method, _invoker, _options).Step);
        }
        return ScenarioSteps.Build(shape, steps);
    }
}
