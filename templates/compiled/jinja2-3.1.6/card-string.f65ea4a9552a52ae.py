from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_type = resolve('type')
    try:
        t_1 = environment.filters['tint']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'tint' found.")
    pass
    yield str(t_1(environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'color'), 0.82))

blocks = {}
debug_info = '1=18'
