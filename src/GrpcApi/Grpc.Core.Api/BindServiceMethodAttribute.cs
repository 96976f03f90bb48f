using System;

namespace Grpc.Core;

/// <summary>
/// Put by generated code on a service base class: names the static method that binds the service's
/// methods to a <see cref="ServiceBinderBase"/>, which Grpc.AspNetCore.Server finds by reflection.
/// </summary>
[AttributeUsage(AttributeTargets.Class, Inherited = true, AllowMultiple = false)]
public class BindServiceMethodAttribute : Attribute
{
    public BindServiceMethodAttribute(Type bindType, string bindMethodName)
    {
        BindType = bindType;
        BindMethodName = bindMethodName;
    }

    public Type BindType { get; }

    public string BindMethodName { get; }
}
